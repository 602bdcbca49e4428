import LoomWire

/// What the viewer does with a keystroke: forward it to the scene, or leave.
public enum TerminalInput: Sendable, Equatable {
    case event(InputEvent)
    /// The detach keys: leave the scene, the daemon keeps running.
    case detach
    /// Ctrl-C: quit the viewer.
    case quit
}

/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 text, control keys, CSI and
/// SS3 sequences (arrows, Home/End, PageUp/PageDown, Delete, Shift-Tab, Alt- and Ctrl-arrows),
/// readline's editing keys (Ctrl-A/E/W/U/K, Alt-B/F/Backspace), bracketed pastes and SGR mouse
/// reports (clicks and the wheel), recognising the detach keys first. A sequence split across reads is
/// kept until the rest arrives; a lone ESC at the end of a read is the Escape key.
///
/// A bracketed paste (`ESC [200~` … `ESC [201~`, which `TerminalMode` turns on) is one `paste`
/// event, however many reads it spans, and nothing in it is a key: not Enter, not the detach
/// keys. Past `WireLimits.maximumPasteBytes` its bytes are dropped (cut at a character) until it ends.
public struct InputDecoder {
    private let detachKeys: [UInt8]
    private var pending: [UInt8] = []
    /// The bytes of a bracketed paste in progress (up to the limit and a character more).
    private var paste: [UInt8]?
    private let pasteLimit = WireLimits.default.maximumPasteBytes
    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    public init(detachKeys: [UInt8]) {
        self.detachKeys = detachKeys
    }

    /// The keys `bytes` complete.
    public mutating func feed(_ bytes: [UInt8]) -> [TerminalInput] {
        pending += bytes
        var inputs: [TerminalInput] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                guard let end = pending[index...].firstRange(of: Self.pasteEnd)?.lowerBound else {
                    // Kept back: what may be the start of the end marker, split across reads.
                    let kept = max(index, pending.count - (Self.pasteEnd.count - 1))
                    appendToPaste(pending[index..<kept])
                    index = kept
                    break
                }
                appendToPaste(pending[index..<end])
                index = end + Self.pasteEnd.count
                if let text = finishPaste() { inputs.append(.event(InputEvent(key: .paste, text: text))) }
                continue
            }
            let rest = pending[index...]
            if rest.starts(with: Self.pasteStart) {
                paste = []
                index += Self.pasteStart.count
                continue
            }
            if !detachKeys.isEmpty, rest.starts(with: detachKeys) {
                inputs.append(.detach)
                index += detachKeys.count
                continue
            }
            if !detachKeys.isEmpty, detachKeys.starts(with: rest) { break }  // maybe the start of the detach keys
            guard let (input, length) = decode(rest) else { break }
            if let input { inputs.append(input) }
            index += length
        }
        pending.removeFirst(index)
        return inputs
    }

    private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
        // The limit and one scalar more (at most 4 bytes in UTF-8): enough to know where the
        // last whole character before the limit ends.
        let room = max(0, pasteLimit + 4 - (paste?.count ?? 0))
        paste?.append(contentsOf: bytes.prefix(room))
    }

    /// The paste's text, cut to the limit at the start of a character; nil when empty.
    private mutating func finishPaste() -> String? {
        guard var bytes = paste else { return nil }
        paste = nil
        if bytes.count > pasteLimit {
            var cut = pasteLimit
            while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.removeSubrange(cut...)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// One key at the start of `bytes` and its length; nil when the bytes are an incomplete sequence.
    private func decode(_ bytes: ArraySlice<UInt8>) -> (TerminalInput?, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return (.event(InputEvent(key: .escape)), 1) }
            let second = bytes[bytes.startIndex + 1]
            if second == UInt8(ascii: "[") { return csi(bytes) }
            if second == UInt8(ascii: "O") {
                guard bytes.count > 2 else { return nil }
                return (Self.finalKeys[bytes[bytes.startIndex + 2]].map { .event(InputEvent(key: $0)) }, 3)
            }
            // Alt sends ESC before the key (xterm's metaSendsEscape, every terminal's default).
            if let key = Self.altKeys[second] { return (.event(InputEvent(key: key)), 2) }
            return (.event(InputEvent(key: .escape)), 1)
        case 0x03: return (.quit, 1)
        case 0x01: return (.event(InputEvent(key: .home)), 1)
        case 0x05: return (.event(InputEvent(key: .end)), 1)
        case 0x0B: return (.event(InputEvent(key: .deleteToEnd)), 1)
        case 0x15: return (.event(InputEvent(key: .deleteToStart)), 1)
        case 0x17: return (.event(InputEvent(key: .deleteWordBackward)), 1)
        case 0x09: return (.event(InputEvent(key: .tab)), 1)
        case 0x0D, 0x0A: return (.event(InputEvent(key: .enter)), 1)
        case 0x7F, 0x08: return (.event(InputEvent(key: .backspace)), 1)
        case 0x20: return (.event(InputEvent(key: .space)), 1)
        case 0..<0x20: return (nil, 1)
        default:
            let length = first < 0xC0 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            return (text == "\u{FFFD}" ? nil : .event(InputEvent(key: .character, text: text)), length)
        }
    }

    /// `ESC [ parameters final`: a key, a mouse report, or something ignored.
    private func csi(_ bytes: ArraySlice<UInt8>) -> (TerminalInput?, Int)? {
        var index = bytes.startIndex + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return bytes.count > 64 ? (nil, bytes.count) : nil }
        let parameters = String(decoding: bytes[(bytes.startIndex + 2)..<index], as: UTF8.self)
        let final = bytes[index]
        let length = index - bytes.startIndex + 1
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") {
            // SGR mouse: <button;column;row, `M` on a press. Button 0 is the primary one (a
            // click); 64 and 65 are the wheel up and down; bits 4, 8 and 16 are Shift, Alt and
            // Ctrl, which change nothing here. Releases (`m`) and other buttons are ignored. The
            // numbers are the terminal's: a cell outside 1…Int.max is ignored, never subtracted from.
            let fields = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard fields.count == 3, fields[1] >= 1, fields[2] >= 1 else { return (nil, length) }
            let (row, column) = (fields[2] - 1, fields[1] - 1)
            switch fields[0] & ~0b0001_1100 {
            case 0: return (.event(InputEvent(key: .click, row: row, column: column)), length)
            case 64: return (.event(InputEvent(key: .wheel, lines: -3, row: row, column: column)), length)
            case 65: return (.event(InputEvent(key: .wheel, lines: 3, row: row, column: column)), length)
            default: return (nil, length)
            }
        }
        if final == UInt8(ascii: "~") {
            let keys: [String: InputKey] = ["1": .home, "7": .home, "4": .end, "8": .end, "5": .pageUp, "6": .pageDown, "3": .delete]
            return (keys[parameters.split(separator: ";").first.map(String.init) ?? ""].map { .event(InputEvent(key: $0)) }, length)
        }
        // `1;m` before an arrow: m − 1 is the modifiers (1 Shift, 2 Alt, 4 Ctrl, 8 Meta); with
        // Alt, Ctrl or Meta, ← and → move by word.
        let modifiers = parameters.split(separator: ";").dropFirst().first.flatMap { UInt8($0) }.map { max(1, $0) - 1 } ?? 0
        if modifiers & 0b1110 != 0, let word = Self.wordKeys[final] { return (.event(InputEvent(key: word)), length) }
        return (Self.finalKeys[final].map { .event(InputEvent(key: $0)) }, length)
    }

    private static let wordKeys: [UInt8: InputKey] = [UInt8(ascii: "D"): .wordLeft, UInt8(ascii: "C"): .wordRight]

    /// The keys Alt makes editing keys: Alt-B, Alt-F, Alt-Backspace.
    private static let altKeys: [UInt8: InputKey] = [
        UInt8(ascii: "b"): .wordLeft, UInt8(ascii: "f"): .wordRight, 0x7F: .deleteWordBackward, 0x08: .deleteWordBackward,
    ]

    private static let finalKeys: [UInt8: InputKey] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "Z"): .backTab,
    ]

    /// `--detach-keys`: comma-separated keys, each `ctrl-X` or one character; default `ctrl-]`.
    public static func detachKeys(_ specification: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for key in specification.split(separator: ",", omittingEmptySubsequences: false) {
            let lower = key.lowercased()
            if lower.hasPrefix("ctrl-"), lower.count == 6, let character = lower.last?.asciiValue {
                let upper = character >= 0x61 && character <= 0x7A ? character - 0x20 : character
                guard (0x40...0x5F).contains(upper) else { return nil }
                bytes.append(upper - 0x40)
            } else if key.count == 1 {
                bytes += Array(key.utf8)
            } else {
                return nil
            }
        }
        return bytes.isEmpty ? nil : bytes
    }
}
