/// Reads a value from the environment: `@Environment(\.myKey) var value`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let source: Source
    private var values: EnvironmentValues?

    /// Where the value is read from: through a key path, as views write it, or straight from a
    /// key's slot, for the framework's readers that every body of theirs runs (`@StoreValue`):
    /// a key path's projection costs more than the rest of the read.
    private enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case key(any EnvironmentKey.Type)
    }

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        source = .keyPath(keyPath)
    }

    /// Reads `values[key]`, as a key path whose getter reads it would.
    package init<Key: EnvironmentKey>(_ key: Key.Type) where Key.Value == Value {
        source = .key(key)
    }

    public var wrappedValue: Value {
        let values = values ?? EnvironmentValues()
        switch source {
        case .keyPath(let keyPath): return values[keyPath: keyPath]
        case .key(let key): return values.value(of: key)
        }
    }
}

extension Environment: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        values = node.context.environment
    }
}

extension Environment: ViewInput {
    func isSameInput(as other: Environment<Value>) -> Bool {
        switch (source, other.source) {
        case (.keyPath(let a), .keyPath(let b)): a == b
        case (.key(let a), .key(let b)): a == b
        default: false
        }
    }
}
