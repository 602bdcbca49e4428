/// `.navigationDestination(for:destination:)`: tells the enclosing `NavigationStack` how to
/// build the destination for values of one type. Nothing is built until a value is pushed.
public struct _NavigationDestinationModifier: ViewModifierBehavior {
    let register: (NavigationState) -> Void

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        if let navigation = children.node.context.navigation { register(navigation) }
        children.append(content)
    }
}

extension View {
    public func navigationDestination<Value: Hashable, Destination: View>(
        for type: Value.Type, @ViewBuilder destination: @escaping (Value) -> Destination
    ) -> ModifiedContent<Self, _NavigationDestinationModifier> {
        modifier(_NavigationDestinationModifier { $0.register(type) { AnyView(destination($0)) } })
    }
}
