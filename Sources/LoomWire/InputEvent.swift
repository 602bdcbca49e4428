/// A key, wheel or click event a viewer sends (`input`).
public struct InputEvent: Sendable, Hashable {
    public var key: InputKey
    /// The character typed, for `InputKey.character`; the text pasted, for `InputKey.paste`.
    public var text: String?
    /// For `InputKey.wheel`: lines scrolled (negative: up) at a cell.
    public var lines: Int?
    public var row: Int?
    public var column: Int?

    public init(key: InputKey, text: String? = nil, lines: Int? = nil, row: Int? = nil, column: Int? = nil) {
        self.key = key
        self.text = text
        self.lines = lines
        self.row = row
        self.column = column
    }
}

/// The key an `input` message names. Named constants, so that a misspelt key does not compile;
/// a struct, not an enum, so that a key a newer viewer sends is carried to the daemon, which
/// answers that it does not know it.
public struct InputKey: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let up = InputKey(rawValue: "up")
    public static let down = InputKey(rawValue: "down")
    public static let left = InputKey(rawValue: "left")
    public static let right = InputKey(rawValue: "right")
    public static let tab = InputKey(rawValue: "tab")
    public static let backTab = InputKey(rawValue: "backtab")
    public static let enter = InputKey(rawValue: "enter")
    public static let space = InputKey(rawValue: "space")
    public static let escape = InputKey(rawValue: "escape")
    public static let backspace = InputKey(rawValue: "backspace")
    public static let pageUp = InputKey(rawValue: "pageup")
    public static let pageDown = InputKey(rawValue: "pagedown")
    public static let home = InputKey(rawValue: "home")
    public static let end = InputKey(rawValue: "end")
    /// Forward delete.
    public static let delete = InputKey(rawValue: "delete")
    /// A word back or forward (Alt- or Ctrl-arrow; Alt-B, Alt-F).
    public static let wordLeft = InputKey(rawValue: "wordleft")
    public static let wordRight = InputKey(rawValue: "wordright")
    /// The word before the caret (Alt-Backspace, Ctrl-W).
    public static let deleteWordBackward = InputKey(rawValue: "deletewordback")
    /// The text before (Ctrl-U) and after (Ctrl-K) the caret.
    public static let deleteToStart = InputKey(rawValue: "deletetostart")
    public static let deleteToEnd = InputKey(rawValue: "deletetoend")
    /// Text pasted at once (bracketed paste), in the event's `text`.
    public static let paste = InputKey(rawValue: "paste")
    /// A character, in the event's `text`.
    public static let character = InputKey(rawValue: "char")
    /// The wheel, with the event's `lines`, `row` and `column`.
    public static let wheel = InputKey(rawValue: "wheel")
    /// The primary mouse button pressed over a cell, with the event's `row` and `column`.
    public static let click = InputKey(rawValue: "click")
}
