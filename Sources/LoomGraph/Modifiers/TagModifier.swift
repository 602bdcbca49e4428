/// `.tag(_:)`: the selection value a picker option stands for.
public struct _TagModifier: ViewModifierBehavior {
    let tagValue: AnyHashable?
}

extension View {
    public func tag<Value: Hashable>(_ value: Value) -> ModifiedContent<Self, _TagModifier> {
        modifier(_TagModifier(tagValue: AnyHashable(value)))
    }
}
