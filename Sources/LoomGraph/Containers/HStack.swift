/// Arranges its children leading to trailing, building every one of them.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: Int?
    var content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension HStack: RowBuildingContainer {
    static var buildsLazily: Bool { false }
    func primitive(in node: PrimitiveNode<HStack>) -> Primitive? { .hStack(alignment: alignment, spacing: spacing, lazy: false) }
}
