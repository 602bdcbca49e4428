/// A control that pushes a destination onto the enclosing `NavigationStack`.
///
/// `NavigationLink(destination:)` stores the destination value — its `init` runs with the
/// link's, as in Swift — but evaluates no destination `body` until pushed.
/// `NavigationLink(value:)` builds nothing until pushed: the destination comes from the
/// `.navigationDestination(for:)` registered for the value's type (docs/architecture.md, rule 8; the `seeds/stores` scene).
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let destination: Destination?
    /// Pushes the value's destination; false when its stack has none for the value's type.
    let push: ((NavigationState) -> Bool)?
    let valueType: Any.Type?

    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
        self.push = nil
        self.valueType = nil
    }

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), label: label)
    }
}

extension NavigationLink where Label == Text {
    public init(_ title: String, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

extension NavigationLink where Destination == Never {
    public init<Value: Hashable>(value: Value?, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = nil
        self.push = value.map { value in { $0.push(value: value) } }
        self.valueType = Value.self
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    public init<Value: Hashable>(_ title: String, value: Value?) {
        self.init(value: value) { Text(title) }
    }
}

extension NavigationLink: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<NavigationLink>) -> Primitive? { .navigationLink }
    static var controlKind: ControlKind? { .navigationLink }

    /// A link with nowhere to go does nothing, as in SwiftUI, and says why in the graph's
    /// diagnostics (which the daemon logs) rather than silently.
    func perform(_ action: ControlAction, in node: PrimitiveNode<NavigationLink>) {
        guard action == .activate else { return }
        guard let navigation = node.context.navigation else {
            return node.graph.diagnostics.report(.navigationDestinationMissing, pass: node.graph.pass,
                                                 "a NavigationLink outside any NavigationStack was activated; it cannot push")
        }
        if let destination {
            navigation.push(AnyView(destination))
        } else if let push, !push(navigation) {
            node.graph.diagnostics.report(.navigationDestinationMissing, pass: node.graph.pass,
                                          "a NavigationLink presents a value of type \(valueType.map { String(describing: $0) } ?? "?") but no navigationDestination(for:) for it is declared in its NavigationStack; the link did nothing")
        }
    }
}
