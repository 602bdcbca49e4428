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

    // SwiftUI's other system colours, as RGB (their light-appearance values); a viewer whose
    // terminal has 256 or 16 colours shows the nearest it has (`ColorDepth`).
    public static let orange = Color.rgb(255, 149, 0)
    public static let purple = Color.rgb(175, 82, 222)
    public static let pink = Color.rgb(255, 45, 85)
    public static let teal = Color.rgb(48, 176, 199)
    public static let indigo = Color.rgb(88, 86, 214)
    public static let brown = Color.rgb(162, 132, 94)
    /// Text of lesser importance: the terminal's bright black, as `gray`.
    public static let secondary = Color.gray
    /// The colour of controls and highlights.
    public static let accentColor = Color.blue

    /// A colour from components in 0…1, as SwiftUI's `Color(red:green:blue:)`; values outside
    /// are clamped (and NaN is 0).
    public init(red: Double, green: Double, blue: Double) {
        self = .rgb(Self.component(red), Self.component(green), Self.component(blue))
    }

    /// The colour at `opacity` (0…1) over a dark background: terminals have no transparency
    /// and the daemon does not know the viewer's background, so an RGB colour is blended toward
    /// black. A named or palette colour is the terminal theme's and is kept as it is.
    public func opacity(_ opacity: Double) -> Color {
        guard case .rgb(let red, let green, let blue) = self else { return self }
        let alpha = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        func scaled(_ value: UInt8) -> UInt8 { UInt8((Double(value) * alpha).rounded()) }
        return .rgb(scaled(red), scaled(green), scaled(blue))
    }

    private static func component(_ value: Double) -> UInt8 {
        UInt8((value.isNaN ? 0 : min(max(value, 0), 1) * 255).rounded())
    }
}
