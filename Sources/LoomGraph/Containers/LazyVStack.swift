/// A vertical stack whose `ForEach` builds only the rows in the lazy window (rule 7).
public struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: Int?
    var content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension LazyVStack: RowBuildingContainer {
    static var buildsLazily: Bool { true }
    func primitive(in node: PrimitiveNode<LazyVStack>) -> Primitive? { .vStack(alignment: alignment, spacing: spacing, lazy: true) }
}
