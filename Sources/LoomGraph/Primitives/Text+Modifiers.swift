import LoomCells

/// SwiftUI's text modifiers, which return `Text`, so styled parts join with `+`:
/// `Text("3").bold() + Text(" failed").foregroundColor(.red)`. Each adds to every run of the
/// text; a font, weight or colour a run already has is kept (the innermost wins).
extension Text {
    public func bold() -> Text { adding(.bold) }
    public func bold(_ isActive: Bool) -> Text { isActive ? adding(.bold) : self }
    public func italic() -> Text { adding(.italic) }
    public func italic(_ isActive: Bool) -> Text { isActive ? adding(.italic) : self }
    public func underline() -> Text { adding(.underline) }
    public func underline(_ isActive: Bool) -> Text { isActive ? adding(.underline) : self }
    public func strikethrough() -> Text { adding(.strikethrough) }
    public func strikethrough(_ isActive: Bool) -> Text { isActive ? adding(.strikethrough) : self }
    /// Faint text (terminals' dim attribute; a Loom addition).
    public func dim() -> Text { adding(.dim) }
    /// Swapped foreground and background (terminals' inverse attribute; a Loom addition).
    public func inverse() -> Text { adding(.inverse) }

    /// The runs without a font of their own take `font` (see `Font`).
    public func font(_ font: Font?) -> Text {
        updating { if $0.font == nil { $0.font = font } }
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        updating { if $0.weight == nil { $0.weight = weight } }
    }

    /// The runs without a colour of their own take `color` (nil, `.primary`: the terminal's).
    public func foregroundColor(_ color: Color?) -> Text {
        updating { if $0.foreground == .inherited { $0.foreground = .color(color) } }
    }

    public func foregroundStyle(_ color: Color?) -> Text {
        foregroundColor(color)
    }

    private func adding(_ attributes: TextStyle) -> Text {
        updating { $0.attributes.formUnion(attributes) }
    }

    private func updating(_ change: (inout RunStyle) -> Void) -> Text {
        var runs = runs
        for index in runs.indices { change(&runs[index].style) }
        return Text(runs: runs)
    }
}
