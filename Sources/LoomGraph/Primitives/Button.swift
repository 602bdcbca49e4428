/// A control that runs an action when activated. A `.destructive` role draws its label red,
/// as SwiftUI does; `.cancel` looks like any button.
public struct Button<Label: View>: View {
    let label: Label
    let role: ButtonRole?
    let action: () -> Void

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

/// What a button does, as SwiftUI's roles say it.
public struct ButtonRole: Sendable, Hashable {
    let isDestructive: Bool

    /// It deletes or cannot be undone: drawn red.
    public static let destructive = ButtonRole(isDestructive: true)
    /// It dismisses without acting.
    public static let cancel = ButtonRole(isDestructive: false)
}

extension Button: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<Button>) -> Primitive? { .button(isDestructive: role?.isDestructive ?? false) }
    static var controlKind: ControlKind? { .button }

    func perform(_ action: ControlAction, in node: PrimitiveNode<Button>) {
        guard action == .activate else { return }
        self.action()
        node.context.environment.dismissesAfterAction?()
    }
}
