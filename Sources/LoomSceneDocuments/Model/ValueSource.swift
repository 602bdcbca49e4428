import LoomJSON

/// A parameter's value: a literal, or a store value read through a binding and optionally
/// mapped (`{"bind": "status", "map": {"ok": "green"}, "else": "yellow"}`, or thresholds
/// `{"bind": "load", "base": "green", "steps": [{"at": 0.7, "value": "yellow"}]}`). Every
/// mapped-to value was checked against the parameter's type when the document was applied;
/// an unmapped store value is checked when it is read.
public enum ValueSource: Sendable, Hashable {
    case literal(JSONValue)
    case bound(DataPath, Mapping)

    public enum Mapping: Sendable, Hashable {
        /// The store value itself.
        case none
        /// Exact values to results (keys compare with the value's text: `"3"` matches 3 and "3").
        case map([String: JSONValue], otherwise: JSONValue?, missing: JSONValue?)
        /// Numbers to results: `base` below the first step, each step's value from its `at` up.
        case thresholds(base: JSONValue, steps: [Step], missing: JSONValue?)
    }

    public struct Step: Sendable, Hashable {
        public let at: Double
        public let value: JSONValue
    }

    /// The value, reading the bound path through `read`: nil when nothing maps it (missing, or no
    /// `else`). `key` answers `$key` paths.
    public func resolve(_ read: (DataPath) -> JSONValue?) -> JSONValue? {
        switch self {
        case .literal(let value):
            return value
        case .bound(let path, let mapping):
            let found = read(path)
            switch mapping {
            case .none:
                return found
            case .map(let table, let otherwise, let missing):
                guard let found, found != .null else { return missing ?? otherwise }
                return table[found.stringValue ?? found.description] ?? otherwise
            case .thresholds(let base, let steps, let missing):
                guard let found, found != .null else { return missing }
                guard let number = found.doubleValue else { return missing }
                return steps.last { number >= $0.at }?.value ?? base
            }
        }
    }

    /// The path it reads, if bound.
    public var path: DataPath? {
        if case .bound(let path, _) = self { return path }
        return nil
    }
}
