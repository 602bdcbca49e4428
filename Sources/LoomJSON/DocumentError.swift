/// A refused read or change of a JSON document: a code a program can branch on (the protocol's
/// error codes), a message a person can read, and the path it concerns. Whoever throws one has
/// left the document unchanged.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// The text is not JSON (RFC 8259), or is over a `JSONLimits` limit.
        case malformedJSON = "malformed_json"
        /// A path is not a JSON Pointer (RFC 6901).
        case invalidPointer = "invalid_pointer"
        /// A patch is not a JSON Patch document (RFC 6902): not an array, a missing or unknown `op`, a missing member.
        case invalidPatch = "invalid_patch"
        /// A path names nothing (a missing member, or a parent that does not exist).
        case pathNotFound = "path_not_found"
        /// A path goes through a value that is not a container, or an operation needs another kind of value.
        case typeMismatch = "type_mismatch"
        /// An array index is past the end, or not an index.
        case indexOutOfRange = "index_out_of_range"
        /// A `test` operation found a different value.
        case testFailed = "test_failed"
        /// A value would be moved into itself.
        case invalidMove = "invalid_move"
        /// A limit on depth, size or operation count.
        case limitExceeded = "limit_exceeded"
        /// The state directory cannot be written or read.
        case storage = "storage"
    }

    public let code: Code
    public let message: String
    public let path: String?

    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// A refusal of JSON text: `limit_exceeded` past a limit, `malformed_json` otherwise.
    public init(_ error: JSONError) {
        self.init(error.isLimit ? .limitExceeded : .malformedJSON, error.description)
    }

    public var description: String {
        "\(code.rawValue): \(message)" + (path.map { " (path \($0.isEmpty ? "\"\"" : $0))" } ?? "")
    }
}
