import LoomCells

/// How many colours the terminal shows: what `COLORTERM` and `TERM` say, unless `--colors`
/// says otherwise. Colours deeper than the terminal's are mapped to the nearest it has.
public enum ColorDepth: String, Sendable, CaseIterable {
    case truecolor
    case palette256 = "256"
    case basic16 = "16"

    /// The depth the environment announces: `COLORTERM=truecolor|24bit`, else a `TERM` naming
    /// 256 colours, else 16 (every terminal Loom runs in has at least those).
    public static func detect(environment: [String: String]) -> ColorDepth {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        if environment["TERM"]?.contains("256color") == true { return .palette256 }
        return .basic16
    }

    /// `--colors truecolor|256|16`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "truecolor", "24bit": self = .truecolor
        case "256": self = .palette256
        case "16": self = .basic16
        default: return nil
        }
    }

    /// The SGR parameters that set `color` as the foreground (or the background), at this depth.
    func parameters(_ color: Color, background: Bool) -> String {
        switch color {
        case .named(let name):
            return basic(Int(name.rawValue), background: background)
        case .palette(let index):
            switch self {
            case .basic16: return basic(ColorDepth.nearestBasic(ColorDepth.rgb(ofPalette: Int(index))), background: background)
            default: return "\(background ? 48 : 38);5;\(index)"
            }
        case .rgb(let red, let green, let blue):
            switch self {
            case .truecolor: return "\(background ? 48 : 38);2;\(red);\(green);\(blue)"
            case .palette256: return "\(background ? 48 : 38);5;\(ColorDepth.nearestPalette(red: Int(red), green: Int(green), blue: Int(blue)))"
            case .basic16: return basic(ColorDepth.nearestBasic((Int(red), Int(green), Int(blue))), background: background)
            }
        }
    }

    /// SGR 30–37/90–97 (40–47/100–107 for backgrounds) for the 16 named colours.
    private func basic(_ index: Int, background: Bool) -> String {
        let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
        return String(base + index % 8)
    }

    /// The xterm 256-colour cube and grey ramp entry nearest to an RGB colour.
    static func nearestPalette(red: Int, green: Int, blue: Int) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: Int) -> Int { levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }! }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((levels[r], levels[g], levels[b]), (red, green, blue))
        let grey = min(23, max(0, ((red + green + blue) / 3 - 8 + 5) / 10))
        let greyValue = 8 + 10 * grey
        return distance((greyValue, greyValue, greyValue), (red, green, blue)) < cubeDistance ? 232 + grey : cube
    }

    /// The RGB value of an xterm palette entry.
    static func rgb(ofPalette index: Int) -> (Int, Int, Int) {
        if index < 16 { return basicColors[index] }
        if index >= 232 { let value = 8 + 10 * (index - 232); return (value, value, value) }
        let levels = [0, 95, 135, 175, 215, 255], cube = index - 16
        return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }

    /// The index (0–15) of the named colour nearest to an RGB colour.
    static func nearestBasic(_ color: (Int, Int, Int)) -> Int {
        basicColors.indices.min { distance(basicColors[$0], color) < distance(basicColors[$1], color) }!
    }

    /// xterm's default values of the 16 named colours.
    private static let basicColors: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
