/// `.id(_:)`: an explicit identity. A different id destroys the content's subtree (state reset,
/// `onDisappear`) and builds a new one (`onAppear`), as in rule 1.
public struct _IdentityModifier: ViewModifierBehavior {
    let id: AnyHashable

    /// The current id and a counter that changes with it; the counter is the child's key.
    final class State {
        var id: AnyHashable
        var generation = 0
        init(id: AnyHashable) { self.id = id }
    }

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        let state = children.node.state { State(id: id) }
        if state.id != id {
            state.id = id
            state.generation += 1
        }
        children.append(content, key: state.generation)
    }
}

extension View {
    public func id<ID: Hashable>(_ id: ID) -> ModifiedContent<Self, _IdentityModifier> {
        modifier(_IdentityModifier(id: AnyHashable(id)))
    }
}
