/// Lays its children out leading to trailing, starting a new line where the next one does not
/// fit the width offered: a line of badges that wraps instead of squeezing them (a terminal has
/// no room to spare, and a squeezed badge wraps inside itself). SwiftUI has no such container;
/// its shape is that of `HStack`, with `lineSpacing` rows between lines. With `lineLimit`, the
/// children past that many lines are not shown, and the last line ends with `+N more`.
public struct Flow<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: Int?
    let lineSpacing: Int
    let lineLimit: Int?
    var content: Content

    public init(alignment: VerticalAlignment = .top, spacing: Int? = nil, lineSpacing: Int = 0, lineLimit: Int? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.lineLimit = lineLimit
        self.content = content()
    }
}

extension Flow: RowBuildingContainer {
    static var buildsLazily: Bool { false }
    func primitive(in node: PrimitiveNode<Flow>) -> Primitive? { .flow(FlowSpec(alignment: alignment, spacing: spacing, lineSpacing: lineSpacing, lineLimit: lineLimit)) }
}
