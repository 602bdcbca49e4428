/// One operation of a JSON Patch (RFC 6902).
public enum PatchOperation: Sendable, Equatable {
    case add(JSONPointer, JSONValue)
    case remove(JSONPointer)
    case replace(JSONPointer, JSONValue)
    case move(from: JSONPointer, to: JSONPointer)
    case copy(from: JSONPointer, to: JSONPointer)
    case test(JSONPointer, JSONValue)

    /// The operations of a JSON Patch document: an array of operation objects. Extra members
    /// are ignored, as RFC 6902 says; a missing or unknown `op`, or a missing member, is refused.
    public static func decode(_ patch: JSONValue, limit: Int = 10_000) throws(DocumentError) -> [PatchOperation] {
        guard case .array(let elements) = patch else {
            throw DocumentError(.invalidPatch, "a JSON Patch must be an array of operations, not \(patch.kindName == "array" ? "an" : "a") \(patch.kindName)")
        }
        guard elements.count <= limit else {
            throw DocumentError(.limitExceeded, "a patch of \(elements.count) operations is over the limit of \(limit)")
        }
        var operations: [PatchOperation] = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            operations.append(try decodeOne(element, index: index))
        }
        return operations
    }

    private static func decodeOne(_ element: JSONValue, index: Int) throws(DocumentError) -> PatchOperation {
        guard case .object(let object) = element else {
            throw DocumentError(.invalidPatch, "operation \(index) must be an object")
        }
        func pointer(_ member: String) throws(DocumentError) -> JSONPointer {
            guard let value = object[member] else { throw DocumentError(.invalidPatch, "operation \(index) has no '\(member)'") }
            guard case .string(let text) = value else { throw DocumentError(.invalidPatch, "operation \(index): '\(member)' must be a string") }
            return try JSONPointer(text)
        }
        func value() throws(DocumentError) -> JSONValue {
            guard let value = object["value"] else { throw DocumentError(.invalidPatch, "operation \(index) has no 'value'") }
            return value
        }
        guard case .string(let op)? = object["op"] else {
            throw DocumentError(.invalidPatch, "operation \(index) has no 'op' string")
        }
        switch op {
        case "add": return .add(try pointer("path"), try value())
        case "remove": return .remove(try pointer("path"))
        case "replace": return .replace(try pointer("path"), try value())
        case "move": return .move(from: try pointer("from"), to: try pointer("path"))
        case "copy": return .copy(from: try pointer("from"), to: try pointer("path"))
        case "test": return .test(try pointer("path"), try value())
        default: throw DocumentError(.invalidPatch, "operation \(index) has an unknown op '\(op)'")
        }
    }

    /// The operation as a JSON Patch object.
    public var json: JSONValue {
        switch self {
        case .add(let path, let value): ["op": "add", "path": .string(path.description), "value": value]
        case .remove(let path): ["op": "remove", "path": .string(path.description)]
        case .replace(let path, let value): ["op": "replace", "path": .string(path.description), "value": value]
        case .move(let from, let to): ["op": "move", "from": .string(from.description), "path": .string(to.description)]
        case .copy(let from, let to): ["op": "copy", "from": .string(from.description), "path": .string(to.description)]
        case .test(let path, let value): ["op": "test", "path": .string(path.description), "value": value]
        }
    }
}
