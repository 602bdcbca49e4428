/// Containers decide whether a `ForEach` inside them builds every row or only the lazy window.
/// Eager containers (`VStack`, `HStack`, `ZStack`) build all; lazy ones (`LazyVStack`,
/// `LazyHStack`, `List`) build what is visible. Transparent views pass the choice through.
protocol RowBuildingContainer: PrimitiveView {
    associatedtype Content: View
    var content: Content { get }
    static var buildsLazily: Bool { get }
}

extension RowBuildingContainer {
    func nodeDidAppear(_ node: PrimitiveNode<Self>) {
        node.childContext.lazyContainer = Self.buildsLazily ? node : nil
    }

    func updateChildren(_ children: inout ChildList) {
        children.append(content)
    }
}
