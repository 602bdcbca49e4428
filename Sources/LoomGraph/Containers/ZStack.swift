/// Layers its children back to front.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    var content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

extension ZStack: RowBuildingContainer {
    static var buildsLazily: Bool { false }
    func primitive(in node: PrimitiveNode<ZStack>) -> Primitive? { .zStack(alignment: alignment) }
}
