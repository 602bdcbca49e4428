import LoomCells

/// The colours a document names, with SwiftUI's names (`Color.red`, `.gray`, `.secondary`,
/// `.orange`…), plus `"#rrggbb"` and `"default"` (the terminal's own colour).
public enum ColorNames {
    public static let byName: [String: Color?] = [
        "default": nil, "primary": nil,
        "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue, "magenta": .magenta,
        "cyan": .cyan, "white": .white, "gray": .gray, "grey": .gray, "secondary": .secondary,
        "orange": .orange, "purple": .purple, "pink": .pink, "teal": .teal, "indigo": .indigo, "brown": .brown,
        "mint": .rgb(0, 199, 190), "accentColor": .accentColor,
    ]

    /// The names in a stable order, for messages and the schema.
    public static let names: [String] = ["default", "primary", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
                                         "gray", "grey", "secondary", "orange", "purple", "pink", "teal", "indigo", "brown", "mint", "accentColor"]

    /// The colour a name gives: `.some(nil)` is the terminal's default; nil: not a colour.
    public static func color(_ name: String) -> Color?? {
        if let color = byName[name] { return .some(color) }
        let hex = Array(name.utf8)
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"), name.dropFirst().allSatisfy(\.isHexDigit), let value = UInt32(String(name.dropFirst()), radix: 16) else { return nil }
        return .some(.rgb(UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)))
    }
}
