/// A control that flips a `Bool` binding. Reading the binding is its only dependency.
public struct Toggle<Label: View>: View {
    let label: Label
    let isOn: Binding<Bool>

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.isOn = isOn
    }
}

extension Toggle where Label == Text {
    public init(_ title: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// What a toggle showed when it last updated (read in its tracked update, not by snapshots).
final class ToggleState {
    var isOn = false
}

extension Toggle: PrimitiveView {
    static var readsState: Bool { true }

    func updateChildren(_ children: inout ChildList) {
        children.node.state { ToggleState() }.isOn = isOn.wrappedValue
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<Toggle>) -> Primitive? {
        .toggle(isOn: node.state { ToggleState() }.isOn)
    }

    static var controlKind: ControlKind? { .toggle }

    func perform(_ action: ControlAction, in node: PrimitiveNode<Toggle>) {
        if action == .activate { isOn.wrappedValue.toggle() }
    }
}
