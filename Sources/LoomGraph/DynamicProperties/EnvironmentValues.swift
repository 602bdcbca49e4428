/// A key for a value passed down the view tree through the environment.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The values a view's ancestors put in the environment.
///
/// Each value sits in a slot owned by the node that wrote it; descendants share the slot.
/// Reading a key in `body` depends on that slot alone, so a changed value re-evaluates only
/// the readers, not the nodes between the writer and them (rule 10).
public struct EnvironmentValues {
    var slots: [ObjectIdentifier: AnyEnvironmentSlot] = [:]

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            guard let slot = slots[ObjectIdentifier(key)] else { return Key.defaultValue }
            return unsafeDowncast(slot, to: EnvironmentSlot<Key.Value>.self).read()
        }
        set {
            slots[ObjectIdentifier(key)] = EnvironmentSlot<Key.Value>(newValue, name: _typeName(Key.self, qualified: false))
        }
    }

    /// `self[key]`, for a key whose type only the caller's `Value` names.
    func value<Value>(of key: any EnvironmentKey.Type) -> Value {
        guard let slot = slots[ObjectIdentifier(key)] else { return key.defaultValue as! Value }
        return unsafeDowncast(slot, to: EnvironmentSlot<Value>.self).read()
    }

    /// This environment with `slots` written over it.
    func overlaid(with written: [ObjectIdentifier: AnyEnvironmentSlot]) -> EnvironmentValues {
        var result = self
        result.slots.merge(written) { _, new in new }
        return result
    }
}

/// Environment objects share the key space, each object type under a private key of its own.
enum EnvironmentObjectKey<Object: ObservableObject>: EnvironmentKey {
    static var defaultValue: Object? { nil }
}

class AnyEnvironmentSlot: DependencySource {
    let name: String

    init(name: String) {
        self.name = name
    }

    /// Takes the value of a freshly written slot of the same key; readers are invalidated if it differs.
    func adopt(_ newer: AnyEnvironmentSlot) {}
}

final class EnvironmentSlot<Value>: AnyEnvironmentSlot {
    private var value: Value
    private let comparer: ValueComparer

    init(_ value: Value, name: String) {
        self.value = value
        self.comparer = ValueComparer.forType(Value.self)
        super.init(name: name)
    }

    func read() -> Value {
        recordRead()
        return value
    }

    override func adopt(_ newer: AnyEnvironmentSlot) {
        let newer = unsafeDowncast(newer, to: EnvironmentSlot<Value>.self)
        if comparer.equal(value, newer.value) { return }
        value = newer.value
        invalidateDependents(cause: .environment(name))
    }
}
