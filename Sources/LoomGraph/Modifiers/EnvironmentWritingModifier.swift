/// `.environment(_:_:)` and `.environmentObject(_:)`: write values for the content's subtree.
///
/// The node owns one slot per key it writes. A new value is compared with the slot's; if it
/// differs, only the slot's readers are invalidated (rule 10). The content itself is passed on
/// like any child, so views between the writer and the readers are not evaluated for it.
public struct _EnvironmentWritingModifier: ViewModifierBehavior {
    let write: (inout EnvironmentValues) -> Void

    final class State {
        var slots: [ObjectIdentifier: AnyEnvironmentSlot] = [:]
        /// Changes when the set of keys written changes; the content is then rebuilt in the new environment.
        var generation = 0
    }

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        let node = children.node
        let state = node.state { State() }
        var written = EnvironmentValues()
        write(&written)
        var keysChanged = written.slots.count != state.slots.count
        for (key, slot) in written.slots {
            if let existing = state.slots[key] {
                existing.adopt(slot)
            } else {
                state.slots[key] = slot
                keysChanged = true
            }
        }
        if keysChanged {
            state.slots = state.slots.filter { written.slots[$0.key] != nil }
            state.generation += 1
            node.childContext.environment = node.context.environment.overlaid(with: state.slots)
        }
        children.append(content, key: state.generation)
    }
}

extension View {
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> ModifiedContent<Self, _EnvironmentWritingModifier> {
        modifier(_EnvironmentWritingModifier { $0[keyPath: keyPath] = value })
    }

    public func environmentObject<Object: ObservableObject>(_ object: Object) -> ModifiedContent<Self, _EnvironmentWritingModifier> {
        modifier(_EnvironmentWritingModifier { $0[EnvironmentObjectKey<Object>.self] = object })
    }
}
