import LoomJSON

/// A condition on store values (`"if": {"bind": "status", "eq": "failed"}`): one test per
/// object, combined by `all`, `any` and `not`, as Vega-Lite's field predicates and Home
/// Assistant's conditions are — data, so it is checked when applied and its reads are known.
///
/// Stated once: a comparison with a missing value is false, and only `exists: false` is true
/// for it; an ordering test (`gt`, `ge`, `lt`, `le`) compares numbers with numbers and text with
/// text, and is false for values of different types.
public indirect enum Predicate: Sendable, Hashable {
    case equal(DataPath, JSONValue)
    case notEqual(DataPath, JSONValue)
    case oneOf(DataPath, [JSONValue])
    case order(DataPath, Comparison, JSONValue)
    case exists(DataPath, Bool)
    case all([Predicate])
    case any([Predicate])
    case not(Predicate)

    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case gt, ge, lt, le
    }

    /// Whether it holds, reading each path through `read` (tracked reads, in a view).
    /// Recursion is as deep as the predicate's nesting, bounded by `SceneDocumentLimits.maximumDepth`.
    public func holds(_ read: (DataPath) -> JSONValue?) -> Bool {
        switch self {
        case .equal(let path, let value):
            guard let found = read(path) else { return false }
            return found == value
        case .notEqual(let path, let value):
            guard let found = read(path) else { return false }
            return found != value
        case .oneOf(let path, let values):
            guard let found = read(path) else { return false }
            return values.contains(found)
        case .order(let path, let comparison, let bound):
            guard let found = read(path), let order = Self.compare(found, bound) else { return false }
            switch comparison {
            case .gt: return order > 0
            case .ge: return order >= 0
            case .lt: return order < 0
            case .le: return order <= 0
            }
        case .exists(let path, let expected):
            let found = read(path)
            return (found != nil && found != .null) == expected
        case .all(let predicates):
            return predicates.allSatisfy { $0.holds(read) }
        case .any(let predicates):
            return predicates.contains { $0.holds(read) }
        case .not(let predicate):
            return !predicate.holds(read)
        }
    }

    /// -1, 0 or 1 for two numbers or two strings; nil for other pairs.
    public static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        if let a = lhs.doubleValue, let b = rhs.doubleValue { return a < b ? -1 : a > b ? 1 : 0 }
        if case .string(let a) = lhs, case .string(let b) = rhs { return a < b ? -1 : a > b ? 1 : 0 }
        return nil
    }
}
