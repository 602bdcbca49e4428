/// Text attributes set by `bold()`, `italic()` and `underline()`.
public struct TextStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextStyle(rawValue: 1)
    public static let italic = TextStyle(rawValue: 2)
    public static let underline = TextStyle(rawValue: 4)
    public static let strikethrough = TextStyle(rawValue: 8)
    public static let dim = TextStyle(rawValue: 16)
    public static let inverse = TextStyle(rawValue: 32)
}

extension TextStyle {
    /// Each attribute and its name in the protocol (`style` messages) and in snapshot markup.
    public static let names: [(TextStyle, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
                                                      (.inverse, "inverse"), (.strikethrough, "strikethrough")]
}
