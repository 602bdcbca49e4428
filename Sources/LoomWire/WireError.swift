/// Why a message could not be read: a code from the protocol's list and a message for people.
/// `fatal` errors (framing) close the connection; others get an `error` reply and the
/// connection goes on (Protocol/README.md, "Errors").
///
/// `id` is the id of the request the error is about, when it could be read (a request whose
/// `path` is a number still has a readable `id`): the error reply carries it, so a client that
/// pipelines requests knows which one failed.
public struct WireError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: ErrorCode
    public let message: String
    public let fatal: Bool
    public var id: RequestID?

    public init(_ code: ErrorCode, _ message: String, fatal: Bool = false, id: RequestID? = nil) {
        self.code = code
        self.message = message
        self.fatal = fatal
        self.id = id
    }

    /// The same error, about the request `id` (unless it already names one).
    func about(_ id: RequestID?) -> WireError {
        var error = self
        error.id = error.id ?? id
        return error
    }

    /// The `error` message that answers it.
    public var reply: Message { .error(id: id, code: code, message: message, fatal: fatal) }

    public var description: String { "\(code): \(message)" }

    static func malformed(_ message: String) -> WireError { WireError(.malformedMessage, message) }
    static func framing(_ message: String) -> WireError { WireError(.framing, message, fatal: true) }
}
