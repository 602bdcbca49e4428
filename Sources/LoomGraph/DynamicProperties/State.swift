/// Private state of a view, kept in its node for as long as the view's identity lives.
///
/// Reading `wrappedValue` in `body` makes the node depend on it; writing an unequal value
/// re-evaluates exactly the readers (rules 2, 3). `$value` makes a `Binding` without reading.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let initialValue: Value
    private var box: StateBox<Value>?

    public init(wrappedValue value: Value) {
        self.initialValue = value
    }

    public init(initialValue value: Value) {
        self.initialValue = value
    }

    public var wrappedValue: Value {
        get { box?.get() ?? initialValue }
        nonmutating set { box?.set(newValue) }
    }

    public var projectedValue: Binding<Value> {
        Binding(location: box ?? ConstantLocation(initialValue))
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {
        self.init(wrappedValue: nil)
    }
}

extension State: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        let initialValue = initialValue
        box = node.storage(slot: slot) { StateBox(initialValue, name: name) }
    }
}

extension State: ViewInput {
    /// The value lives in the node, not in the view value: a parent's new `State` is the same input.
    func isSameInput(as other: State<Value>) -> Bool { true }
}
