import LoomCells

/// SwiftUI's text styles, as a terminal can show them: one size of one typeface, so a font is
/// the attributes it adds. Titles and headlines are bold; captions and footnotes are dim; the
/// body, callouts and subheadlines are the terminal's plain text; every font is monospaced
/// already. `bold()`, `italic()` and `weight(_:)` add to a font as they do in SwiftUI.
///
/// | font | attributes |
/// |---|---|
/// | `.largeTitle`, `.title`, `.title2`, `.title3`, `.headline` | bold |
/// | `.body`, `.callout`, `.subheadline`, `.monospaced()` | none |
/// | `.footnote`, `.caption`, `.caption2` | dim |
public struct Font: Sendable, Hashable {
    let attributes: TextStyle

    public static let largeTitle = Font(attributes: .bold)
    public static let title = Font(attributes: .bold)
    public static let title2 = Font(attributes: .bold)
    public static let title3 = Font(attributes: .bold)
    public static let headline = Font(attributes: .bold)
    public static let subheadline = Font(attributes: [])
    public static let body = Font(attributes: [])
    public static let callout = Font(attributes: [])
    public static let footnote = Font(attributes: .dim)
    public static let caption = Font(attributes: .dim)
    public static let caption2 = Font(attributes: .dim)

    public func bold() -> Font { Font(attributes: attributes.union(.bold).subtracting(.dim)) }
    public func italic() -> Font { Font(attributes: attributes.union(.italic)) }
    /// A terminal's text is monospaced: the font is unchanged.
    public func monospaced() -> Font { self }
    public func weight(_ weight: Weight) -> Font { Font(attributes: attributes.subtracting([.bold, .dim]).union(weight.attributes)) }

    /// Weights a terminal can tell apart: heavier than regular is bold, lighter is dim.
    public struct Weight: Sendable, Hashable {
        let attributes: TextStyle

        public static let ultraLight = Weight(attributes: .dim)
        public static let thin = Weight(attributes: .dim)
        public static let light = Weight(attributes: .dim)
        public static let regular = Weight(attributes: [])
        public static let medium = Weight(attributes: [])
        public static let semibold = Weight(attributes: .bold)
        public static let bold = Weight(attributes: .bold)
        public static let heavy = Weight(attributes: .bold)
        public static let black = Weight(attributes: .bold)
    }
}

extension View {
    /// The text below in `font`'s attributes (see `Font`); nil leaves it as it is.
    public func font(_ font: Font?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(font?.attributes ?? [])))
    }

    /// The text below bold when heavier than regular, dim when lighter; nil leaves it as it is.
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(weight?.attributes ?? [])))
    }
}
