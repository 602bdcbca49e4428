/// A view with a modifier applied: `Text("x").padding()`, `Text("x").modifier(Card())`.
///
/// A built-in modifier decides what the node contributes (a primitive such as padding, or
/// behaviour such as identity, lifecycle actions or environment values), and the content is
/// the one child; a `ViewModifier` of your own puts its body there instead.
public struct ModifiedContent<Content: View, Modifier>: View {
    public let content: Content
    public let modifier: Modifier

    init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

/// What a built-in modifier does. Modifier values are never optional, so casting one to this
/// protocol is safe; each kind of modifier implements only what it needs.
protocol ViewModifierBehavior {
    var primitive: Primitive? { get }
    var tagValue: AnyHashable? { get }
    func updateChildren<Content: View>(content: Content, _ children: inout ChildList)
    func nodeDidAppear(_ node: Node)
    func nodeWillBeDestroyed(_ node: Node)
    /// The node's view left the screen or came back while the node lives on (`Node.visibilityChanged`).
    func nodeVisibilityChanged(_ node: Node, isVisible: Bool)
    /// The children a snapshot shows, when not all (a tab that does not show: its label).
    func visibleChildren(in node: Node) -> ArraySlice<Node>?
    /// What a text field's submission does here on its way up (`onSubmit`, `submitScope`).
    var submission: Submission? { get }
    /// The focus state a focusable view inside is bound to (`focused(_:equals:)`).
    var focusBinding: FocusBinding? { get }
}

extension ViewModifierBehavior {
    var primitive: Primitive? { nil }
    var tagValue: AnyHashable? { nil }
    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) { children.append(content) }
    func nodeDidAppear(_ node: Node) {}
    func nodeWillBeDestroyed(_ node: Node) {}
    func nodeVisibilityChanged(_ node: Node, isVisible: Bool) {}
    func visibleChildren(in node: Node) -> ArraySlice<Node>? { nil }
    var submission: Submission? { nil }
    var focusBinding: FocusBinding? { nil }
}

extension ModifiedContent: PrimitiveView {
    private var behavior: (any ViewModifierBehavior)? { modifier as? any ViewModifierBehavior }

    func updateChildren(_ children: inout ChildList) {
        if let behavior {
            behavior.updateChildren(content: content, &children)
        } else if let custom = modifier as? any ViewModifier {
            custom.appendBody(content: content, to: &children)
        } else {
            children.append(content)
        }
    }

    /// A built-in modifier of a view that is itself compared (a leaf, or one under other
    /// built-in modifiers): what a modifier of your own does is its body's, evaluated as such.
    static var comparesBeforeUpdating: Bool {
        Modifier.self is any ViewModifierBehavior.Type && (Content.self as? any PrimitiveView.Type)?.comparesBeforeUpdating == true
    }

    func primitive(in node: PrimitiveNode<ModifiedContent>) -> Primitive? { behavior?.primitive }
    var tagValue: AnyHashable? { behavior?.tagValue }
    func nodeDidAppear(_ node: PrimitiveNode<ModifiedContent>) { behavior?.nodeDidAppear(node) }
    func nodeWillBeDestroyed(_ node: PrimitiveNode<ModifiedContent>) { behavior?.nodeWillBeDestroyed(node) }
    var modifierBehavior: (any ViewModifierBehavior)? { behavior }
    func visibleChildren(in node: PrimitiveNode<ModifiedContent>) -> ArraySlice<Node> { behavior?.visibleChildren(in: node) ?? node.children[...] }
}

extension View {
    /// Applies a modifier: a `ViewModifier` of your own, or one of Loom's.
    public func modifier<Modifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
