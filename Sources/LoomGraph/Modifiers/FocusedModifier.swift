/// A focus state and the value it has while focus is inside the modified view.
struct FocusBinding {
    let box: AnyFocusBox
    let value: AnyHashable
}

/// `.focused(_:)` and `.focused(_:equals:)`: binds focus inside the content to a `@FocusState`.
public struct _FocusedModifier: ViewModifierBehavior {
    let binding: FocusBinding?
    var focusBinding: FocusBinding? { binding }
}

extension View {
    /// `condition` is true while a viewer's focus is inside this view; setting it true moves
    /// the focus here, false moves it away.
    public func focused(_ condition: FocusState<Bool>.Binding) -> ModifiedContent<Self, _FocusedModifier> {
        focused(condition, equals: true)
    }

    /// `binding` is `value` while a viewer's focus is inside this view; setting it to `value`
    /// moves the focus here.
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> ModifiedContent<Self, _FocusedModifier> {
        modifier(_FocusedModifier(binding: binding.box.map { FocusBinding(box: $0, value: AnyHashable(value)) }))
    }
}

extension ViewGraph {
    /// The focus binding `node` is inside: its own or its nearest ancestor's. A loop over
    /// parents, asked on a viewer's key, never on updates.
    func focusBinding(of node: Node) -> FocusBinding? {
        var current: Node? = node
        while let candidate = current {
            if let binding = candidate.modifierBehavior?.focusBinding { return binding }
            current = candidate.parent
        }
        return nil
    }

    /// Whether moving focus onto or off `node` changes a focus state: the move is then a
    /// change of the graph's view state, not only of one viewer's viewport.
    package func focusIsBound(_ node: Node) -> Bool {
        focusBinding(of: node) != nil
    }

    /// A viewer moved its focus from `old` to `new`: the focus states follow. The state `old`
    /// was bound to goes back to unfocused (unless `new` is bound to the same state), then the
    /// one `new` is bound to takes `new`'s value.
    package func focusMoved(from old: Node?, to new: Node?) {
        let leaving = old.flatMap(focusBinding(of:)), arriving = new.flatMap(focusBinding(of:))
        if let leaving, leaving.box.currentValue == leaving.value, arriving?.box !== leaving.box {
            leaving.box.follow(leaving.box.unfocusedValue)
        }
        if let arriving { arriving.box.follow(arriving.value) }
    }

    /// The program wrote a focus state; viewports follow it when they are next laid out.
    func requestFocus(_ request: FocusRequest) {
        focusRequest = request
        focusRequestGeneration += 1
        viewportsMustFollow()
    }

    /// Where a viewport whose focus is `current` should move to follow the last focus state
    /// written, among `candidates` (its focusable nodes, in focus order); nil to leave it as it
    /// is (the view marked with the value is not built, or the write was of another state).
    package func focusFollowingRequest(current: Node?, candidates: [Node]) -> FocusMove? {
        guard let request = focusRequest else { return nil }
        if request.value == request.box.unfocusedValue {
            guard let current, let binding = focusBinding(of: current), binding.box === request.box else { return nil }
            return .away
        }
        return candidates.first { candidate in
            guard let binding = focusBinding(of: candidate) else { return false }
            return binding.box === request.box && binding.value == request.value
        }.map(FocusMove.to)
    }
}

/// Where a viewport's focus goes to follow a written `@FocusState`.
package enum FocusMove {
    /// Onto the view marked with the value written.
    case to(Node)
    /// Off the view it is on, to nothing: the state was written unfocused.
    case away
}
