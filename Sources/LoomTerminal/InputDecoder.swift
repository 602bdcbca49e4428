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
/// SS3 sequences (arrows, Home/End, PageUp/PageDown, Shift-Tab) and SGR mouse reports (the
/// wheel), recognising the detach keys first. A sequence split across reads is kept until the
/// rest arrives; a lone ESC at the end of a read is the Escape key.
public struct InputDecoder {
    private let detachKeys: [UInt8]
    private var pending: [UInt8] = []

    public init(detachKeys: [UInt8]) {
        self.detachKeys = detachKeys
    }

    /// The keys `bytes` complete.
    public mutating func feed(_ bytes: [UInt8]) -> [TerminalInput] {
        pending += bytes
        var inputs: [TerminalInput] = []
        var index = 0
        while index < pending.count {
            let rest = pending[index...]
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
            return (.event(InputEvent(key: .escape)), 1)
        case 0x03: return (.quit, 1)
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
            // SGR mouse: <button;column;row; buttons 64 and 65 are the wheel up and down.
            let fields = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard fields.count == 3, fields[0] & ~0b0001_1100 == 64 || fields[0] & ~0b0001_1100 == 65 else { return (nil, length) }
            let lines = fields[0] & 1 == 0 ? -3 : 3
            return (.event(InputEvent(key: .wheel, lines: lines, row: fields[2] - 1, column: fields[1] - 1)), length)
        }
        if final == UInt8(ascii: "~") {
            let keys: [String: InputKey] = ["1": .home, "7": .home, "4": .end, "8": .end, "5": .pageUp, "6": .pageDown]
            return (keys[parameters.split(separator: ";").first.map(String.init) ?? ""].map { .event(InputEvent(key: $0)) }, length)
        }
        return (Self.finalKeys[final].map { .event(InputEvent(key: $0)) }, length)
    }

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
