/// A JSON value (RFC 8259), the store's document model.
///
/// Numbers are integers when they are written without a fraction or exponent and fit in 64
/// bits, doubles otherwise; `1` and `1.0` are equal (JSON has one number type), which is what
/// JSON Patch's `test` expects. Objects keep insertion order (see `JSONObject`).
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The name of the kind, for error messages ("object", "array", …).
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}

extension JSONValue: Equatable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b && b.magnitude < 0x1p63
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }
}

extension JSONValue: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(Double(value))
        case .double(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let object): hasher.combine(object)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        object.reserveCapacity(elements.count)
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text. An integer's is Swift's own decimal text, as the writer writes
    /// it, made without the writer's byte buffer: a view showing a number (`"\(row["value"])"`)
    /// reads it on every change.
    public var description: String {
        if case .int(let number) = self { return String(number) }
        return JSONWriter.string(self)
    }
}

extension JSONValue {
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number as a double, whichever way it was written.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && value.magnitude < 0x1p63: Int64(value)
        default: nil
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}

extension JSONValue {
    /// The bytes of the value's compact JSON text, about (numbers count 8, strings without their
    /// escapes), counted without writing it and without recursion; the walk stops once the
    /// count passes `limit` (and returns a number past it), so weighing a value that shares its
    /// storage many times over costs at most `limit`, not what it describes.
    public func weight(upTo limit: Int = .max) -> Int {
        // A scalar, what most edits write, needs no walk (and no array for one).
        if let weight = scalarWeight { return weight }
        var total = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            switch value {
            case .array(let elements):
                total &+= 2 &+ elements.count
                pending.append(contentsOf: elements)
            case .object(let object):
                total &+= 2
                for (key, member) in object {
                    total &+= key.utf8.count &+ 4
                    pending.append(member)
                }
            default:
                total &+= value.scalarWeight ?? 0
            }
            if total > limit { return total }
        }
        return total
    }

    /// A scalar's bytes (numbers count 8, strings their UTF-8 and quotes); nil for a container.
    private var scalarWeight: Int? {
        switch self {
        case .null, .bool: 5
        case .int, .double: 8
        case .string(let text): text.utf8.count &+ 2
        case .array, .object: nil
        }
    }
}

extension JSONValue {
    /// The object, taken out (the value becomes null); nil, and the value untouched, for anything else.
    package mutating func takeObject() -> JSONObject? {
        guard case .object(let object) = self else { return nil }
        self = .null
        return object
    }

    /// The array, taken out (the value becomes null); nil, and the value untouched, for anything else.
    package mutating func takeArray() -> [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
    }

    /// Nesting depth (a scalar is 0), measured without recursion.
    package var depth: Int {
        // A scalar, what most edits write, needs no walk (and no array for one).
        guard isContainer else { return 0 }
        var deepest = 0
        var stack: [(JSONValue, Int)] = [(self, 0)]
        while let (value, depth) = stack.popLast() {
            switch value {
            case .array(let elements):
                deepest = max(deepest, depth + 1)
                for element in elements where element.isContainer { stack.append((element, depth + 1)) }
            case .object(let object):
                deepest = max(deepest, depth + 1)
                for member in object where member.value.isContainer { stack.append((member.value, depth + 1)) }
            default:
                break
            }
        }
        return deepest
    }
}
