/// Where a `Binding` reads and writes. Reads through `get()` are tracked for the node being
/// evaluated; `peek()` is for writers, which must not become readers.
class Location<Value>: DependencySource {
    override init() {}

    func get() -> Value { peek() }
    func peek() -> Value { fatalError("abstract") }
    func set(_ value: Value) {}

    /// Whether two bindings lead to the same place; a child holding an equal binding is an equal input.
    func isSame(as other: Location<Value>) -> Bool { self === other }
}

/// The storage of one `@State`: in the node, created on its first evaluation, dropped with it.
final class StateBox<Value>: Location<Value>, CopyableState {
    private var value: Value
    private let name: String
    private let comparer: ValueComparer

    init(_ value: Value, name: String) {
        self.value = value
        self.name = name
        self.comparer = ValueComparer.forType(Value.self)
    }

    override func get() -> Value {
        recordRead()
        return value
    }

    override func peek() -> Value { value }

    func copy() -> AnyObject { StateBox(value, name: name) }

    /// Writes outside evaluation invalidate the readers unless the value is equal (rule 3);
    /// writes during an evaluation are refused, as SwiftUI warns, so a body cannot loop on itself.
    override func set(_ newValue: Value) {
        if let evaluating = TrackingContext.current {
            evaluating.graph.diagnostics.report(.stateWrittenDuringEvaluation,
                                     pass: evaluating.graph.pass,
                                     "@State \(name) written while \(evaluating.typeName) was being evaluated; the write was ignored")
            return
        }
        if comparer.equal(value, newValue) { return }
        value = newValue
        invalidateDependents(cause: .state(name))
    }
}

/// A binding to a part of another binding's value (`$model.name`).
final class ProjectedLocation<Root, Value>: Location<Value> {
    private let base: Location<Root>
    private let keyPath: WritableKeyPath<Root, Value>

    init(base: Location<Root>, keyPath: WritableKeyPath<Root, Value>) {
        self.base = base
        self.keyPath = keyPath
    }

    override func get() -> Value { base.get()[keyPath: keyPath] }
    override func peek() -> Value { base.peek()[keyPath: keyPath] }

    override func set(_ value: Value) {
        var root = base.peek()
        root[keyPath: keyPath] = value
        base.set(root)
    }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? ProjectedLocation<Root, Value> else { return false }
        return other.keyPath == keyPath && other.base.isSame(as: base)
    }
}

/// A binding to a property of an object (`$viewModel.name`).
final class ObjectLocation<Root: AnyObject, Value>: Location<Value> {
    private let object: Root
    private let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.object = object
        self.keyPath = keyPath
    }

    override func peek() -> Value { object[keyPath: keyPath] }
    override func set(_ value: Value) { object[keyPath: keyPath] = value }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? ObjectLocation<Root, Value> else { return false }
        return other.object === object && other.keyPath == keyPath
    }
}

/// A binding made of two closures; never the same input as another (closures cannot be compared).
final class FunctionLocation<Value>: Location<Value> {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.getter = get
        self.setter = set
    }

    override func peek() -> Value { getter() }
    override func set(_ value: Value) { setter(value) }
}

/// `Binding.constant`: reads a fixed value, ignores writes.
final class ConstantLocation<Value>: Location<Value> {
    private let value: Value

    init(_ value: Value) {
        self.value = value
    }

    override func peek() -> Value { value }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? ConstantLocation<Value> else { return false }
        return ValueComparer.forType(Value.self).equal(value, other.value)
    }
}
