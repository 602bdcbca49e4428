/// `.onChange(of:initial:_:)`: an action run when a value the view was given changes.
///
/// The value is compared each time the modifier is updated (its parent re-evaluated); the
/// action runs after that pass, as `onAppear`'s does, so what it changes is the next pass's
/// work, never the current evaluation's. With `initial`, it also runs once when the view appears.
public struct _OnChangeModifier<Value: Equatable>: ViewModifierBehavior {
    let value: Value
    let initial: Bool
    let action: (_ oldValue: Value, _ newValue: Value) -> Void

    /// The value last seen: nil until the first update.
    final class Seen {
        var value: Value?
    }

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        let node = children.node
        let seen = node.state { Seen() }
        let newValue = value, action = action
        if let oldValue = seen.value {
            if oldValue != newValue { node.graph.afterPass { action(oldValue, newValue) } }
        } else if initial {
            node.graph.afterPass { action(newValue, newValue) }
        }
        seen.value = newValue
        children.append(content)
    }
}

extension View {
    /// Runs `action` with the old and the new value when `value` changes.
    public func onChange<Value: Equatable>(of value: Value, initial: Bool = false,
                                           _ action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void)
        -> ModifiedContent<Self, _OnChangeModifier<Value>> {
        modifier(_OnChangeModifier(value: value, initial: initial, action: action))
    }

    /// Runs `action` when `value` changes.
    public func onChange<Value: Equatable>(of value: Value, initial: Bool = false, _ action: @escaping () -> Void)
        -> ModifiedContent<Self, _OnChangeModifier<Value>> {
        modifier(_OnChangeModifier(value: value, initial: initial) { _, _ in action() })
    }
}
