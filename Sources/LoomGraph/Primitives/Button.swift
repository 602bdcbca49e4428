/// A control that runs an action when activated.
public struct Button<Label: View>: View {
    let label: Label
    let action: () -> Void

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
    }
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<Button>) -> Primitive? { .button }
    static var controlKind: ControlKind? { .button }

    func perform(_ action: ControlAction, in node: PrimitiveNode<Button>) {
        if action == .activate { self.action() }
    }
}
