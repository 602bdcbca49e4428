/// A terminal colour: one of the 16 named ANSI colours, a 256-colour palette index, or RGB.
/// As a view (LoomGraph), it fills the space it is offered.
public enum Color: Sendable, Hashable {
    case named(Named)
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public enum Named: UInt8, Sendable, Hashable, CaseIterable {
        case black, red, green, yellow, blue, magenta, cyan, white
        case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

        /// The colour's name in the protocol (`style` messages) and in snapshot markup:
        /// `red`, `bright_red`, … (Protocol/README.md, "Colours").
        public var name: String {
            rawValue >= 8 ? "bright_" + "\(self)".dropFirst("bright".count).lowercased() : "\(self)"
        }

        /// The colour a protocol name names.
        public init?(name: String) {
            guard let named = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = named
        }
    }

    public static let black = Color.named(.black)
    public static let red = Color.named(.red)
    public static let green = Color.named(.green)
    public static let yellow = Color.named(.yellow)
    public static let blue = Color.named(.blue)
    public static let magenta = Color.named(.magenta)
    public static let cyan = Color.named(.cyan)
    public static let white = Color.named(.white)
    public static let gray = Color.named(.brightBlack)
}
