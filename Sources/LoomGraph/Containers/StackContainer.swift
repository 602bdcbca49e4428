/// Containers decide whether a `ForEach` inside them builds every row or only the lazy window.
/// Eager containers (`VStack`, `HStack`, `ZStack`) build all; lazy ones (`LazyVStack`,
/// `LazyHStack`, `List`) build what is visible. Transparent views pass the choice through.
protocol RowBuildingContainer: PrimitiveView {
    associatedtype Content: View
    /// Settable only so that it is lent to the child list where it is (its `modify`), where
    /// its getter, called through the protocol, copied it out: a stack with all its content.
    var content: Content { get set }
    static var buildsLazily: Bool { get }
}

extension RowBuildingContainer {
    func nodeDidAppear(_ node: PrimitiveNode<Self>) {
        node.childContext.lazyContainer = Self.buildsLazily ? node : nil
    }

    mutating func updateChildren(_ children: inout ChildList) {
        children.append(lending: &content)
    }
}
