/// A JSON object that keeps its members in insertion order: a script that adds jobs 1, 2, 3 sees
/// them listed 1, 2, 3. Replacing a member keeps its place; removing one is O(members).
/// Equality ignores order, as JSON's does.
public struct JSONObject: Sendable, Hashable, Sequence {
    public private(set) var keys: [String] = []
    private var members: [String: JSONValue] = [:]

    public init() {}

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> JSONValue? {
        get { members[key] }
        set {
            if let newValue {
                if members.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if members.removeValue(forKey: key) != nil {
                keys.remove(at: keys.firstIndex(of: key)!)
            }
        }
    }

    /// The position of a member in insertion order.
    public func index(of key: String) -> Int? {
        members[key] == nil ? nil : keys.firstIndex(of: key)
    }

    /// Puts a member back at a position (undoing its removal keeps the order it had).
    mutating func insert(_ value: JSONValue, forKey key: String, at position: Int) {
        precondition(members[key] == nil)
        members[key] = value
        keys.insert(key, at: Swift.min(position, keys.count))
    }

    /// Mutates a member in place without copying it (the member is moved out, then back).
    mutating func modify<Result>(_ key: String, _ body: (inout JSONValue) throws -> Result) rethrows -> Result? {
        guard var value = members[key] else { return nil }
        members[key] = .null
        defer { members[key] = value }
        return try body(&value)
    }

    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var index = keys.startIndex
        return AnyIterator {
            guard index < keys.endIndex else { return nil }
            defer { index += 1 }
            let key = keys[index]
            return (key, members[key]!)
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
    public func hash(into hasher: inout Hasher) { hasher.combine(members) }
}
