/// Reads a value from the environment: `@Environment(\.myKey) var value`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private var values: EnvironmentValues?

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        (values ?? EnvironmentValues())[keyPath: keyPath]
    }
}

extension Environment: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        values = node.context.environment
    }
}

extension Environment: ViewInput {
    func isSameInput(as other: Environment<Value>) -> Bool { keyPath == other.keyPath }
}
