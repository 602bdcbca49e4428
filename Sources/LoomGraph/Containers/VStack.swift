/// Arranges its children top to bottom, building every one of them (the `seeds/stores` scene: a `ForEach` of
/// 1,000 rows inside a `VStack` initialises and evaluates 1,000 rows).
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: Int?
    var content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension VStack: RowBuildingContainer {
    static var buildsLazily: Bool { false }
    func primitive(in node: PrimitiveNode<VStack>) -> Primitive? { .vStack(alignment: alignment, spacing: spacing, lazy: false) }
}
