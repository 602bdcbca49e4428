/// A horizontal stack whose `ForEach` builds only the columns in the lazy window (rule 7).
public struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: Int?
    var content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension LazyHStack: RowBuildingContainer {
    static var buildsLazily: Bool { true }
    func primitive(in node: PrimitiveNode<LazyHStack>) -> Primitive? { .hStack(alignment: alignment, spacing: spacing, lazy: true) }
}
