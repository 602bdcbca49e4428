/// A reference to a value owned elsewhere (a `@State`, a model property).
///
/// Reading it in `body` depends on the owner's storage; two bindings to the same place are the
/// same input, so a child holding an unchanged binding is skipped (rule 5).
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let location: Location<Value>

    init(location: Location<Value>) {
        self.location = location
    }

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.location = FunctionLocation(get: get, set: set)
    }

    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: ConstantLocation(value))
    }

    public var wrappedValue: Value {
        get { location.get() }
        nonmutating set { location.set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(location: ProjectedLocation(base: location, keyPath: keyPath))
    }
}

extension Binding: DynamicProperty {}

extension Binding: ViewInput {
    func isSameInput(as other: Binding<Value>) -> Bool { location.isSame(as: other.location) }
}
