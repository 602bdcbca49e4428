import LoomCells
import LoomJSON

/// What a peer may send, checked before anything is allocated for it (Protocol/README.md, "Limits").
public struct WireLimits: Sendable, Equatable {
    /// Bytes in one JSON line or one binary frame (a large patch fits; a runaway peer does not).
    public var maximumMessageBytes = 16 << 20
    /// Bytes of a connection's first line, its `hello`: before the handshake a peer is nobody,
    /// and may not make the daemon hold more than this for it (a real hello is about 100 bytes).
    public var maximumHelloBytes = 4_096
    /// JSON nesting inside a message.
    public var maximumDepth = 512
    /// Bytes of text in one cell (one grapheme cluster); layout never draws a longer one.
    public var maximumCellBytes = Cell.maximumBytes
    /// Rows or columns of a screen.
    public var maximumScreen = 4_096
    /// Bytes of text in one `paste` input: what a viewer sends for a bracketed paste. A text
    /// field holds 65,536 characters (`TextEditing.maximumCharacters`), which this fits at
    /// four bytes each; a viewer cuts a longer paste here (at a character) and drops the rest.
    public var maximumPasteBytes = 1 << 18

    public init() {}

    public static let `default` = WireLimits()

    /// A cell as a viewer keeps it: text past `maximumCellBytes` (which a daemon never sends)
    /// is drawn as U+FFFD, so one bad cell costs one cell, not the frame or the session.
    func cellText(_ text: String) -> String {
        text.utf8.count <= maximumCellBytes ? text : "\u{FFFD}"
    }

    /// A screen's width and height, refused past `maximumScreen` before anything is allocated
    /// for it (0 decodes: the daemon answers it `limit_exceeded`, a viewer shows nothing).
    func screen(width: Int, height: Int) throws(WireError) -> (width: Int, height: Int) {
        guard width <= maximumScreen, height <= maximumScreen else {
            throw WireError(.limitExceeded, "a screen of \(width)x\(height) (each side at most \(maximumScreen))")
        }
        return (width, height)
    }

    /// A `grid_scroll`'s rectangle: its edges in order.
    func scrolledRectangle(top: Int, bottom: Int, left: Int, right: Int, rows: Int) throws(WireError) -> GridOperation {
        guard top <= bottom, left <= right else { throw .malformed("a grid_scroll needs top ≤ bottom and left ≤ right") }
        return .scroll(top: top, bottom: bottom, left: left, right: right, rows: rows)
    }

    /// An `input`'s text is one key's, at most what a cell holds, or a paste's.
    func inputText(_ text: String?, key: InputKey) throws(WireError) -> String? {
        let limit = key == .paste ? maximumPasteBytes : maximumCellBytes
        guard let text, text.utf8.count > limit else { return text }
        throw WireError(.limitExceeded, "input text of \(text.utf8.count) bytes (at most \(limit))")
    }

    var json: JSONLimits {
        var limits = JSONLimits()
        limits.maximumBytes = maximumMessageBytes
        limits.maximumDepth = maximumDepth
        return limits
    }
}
