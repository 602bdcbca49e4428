/// `.onAppear` and `.onDisappear`: run after the pass in which the view's node was created or
/// destroyed, so what they change is the next pass's work, never the current evaluation's.
public struct _AppearanceActionModifier: ViewModifierBehavior {
    let appear: (() -> Void)?
    let disappear: (() -> Void)?

    func nodeDidAppear(_ node: Node) {
        if let appear { node.graph.afterPass(appear) }
    }

    func nodeWillBeDestroyed(_ node: Node) {
        if let disappear { node.graph.afterPass(disappear) }
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
