/// `.onAppear` and `.onDisappear`: run after the pass in which the view's node was created or
/// destroyed, so what they change is the next pass's work, never the current evaluation's; and
/// when a living view leaves the screen and comes back (a navigation push over it, the pop).
public struct _AppearanceActionModifier: ViewModifierBehavior {
    let appear: (() -> Void)?
    let disappear: (() -> Void)?

    /// Whether the view is on screen: each action runs once per change, and a view destroyed
    /// while covered has already disappeared.
    final class Shown {
        var isShown = true
    }

    func nodeDidAppear(_ node: Node) {
        if let appear { node.graph.afterPass(appear) }
    }

    func nodeVisibilityChanged(_ node: Node, isVisible: Bool) {
        let shown = node.state { Shown() }
        guard shown.isShown != isVisible else { return }
        shown.isShown = isVisible
        if let action = isVisible ? appear : disappear { node.graph.afterPass(action) }
    }

    func nodeWillBeDestroyed(_ node: Node) {
        guard let disappear, (node.primitiveState as? Shown)?.isShown != false else { return }
        node.graph.afterPass(disappear)
    }
}

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _AppearanceActionModifier> {
        modifier(_AppearanceActionModifier(appear: action, disappear: nil))
    }

    public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _AppearanceActionModifier> {
        modifier(_AppearanceActionModifier(appear: nil, disappear: action))
    }
}
