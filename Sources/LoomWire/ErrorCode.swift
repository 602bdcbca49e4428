import LoomJSON

/// An `error` message's code (Protocol/README.md, "Errors"): a name a program branches on.
/// Named constants, not string literals, so that a misspelt code does not compile; a struct,
/// not an enum, so that a code a newer daemon sends is carried, not refused.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The store's code for a refused read or change.
    public init(_ code: DocumentError.Code) {
        self.init(rawValue: code.rawValue)
    }

    public var description: String { rawValue }

    /// A line or frame too long, or a length prefix that cannot be read (fatal).
    public static let framing = ErrorCode(rawValue: "framing")
    /// `wait` for a revision the store has not reached.
    public static let noSuchRevision = ErrorCode(rawValue: "no_such_revision")
    /// The first message was not a `hello`, or none came in time (fatal).
    public static let helloExpected = ErrorCode(rawValue: "hello_expected")
    /// The user holds as many connections as one user may (fatal).
    public static let tooManyConnections = ErrorCode(rawValue: "too_many_connections")
    /// No protocol version in common (fatal).
    public static let protoMismatch = ErrorCode(rawValue: "proto_mismatch")
    /// A JSON line, or a binary JSON member, is not JSON.
    public static let invalidJSON = ErrorCode(rawValue: "invalid_json")
    /// A binary string is not UTF-8.
    public static let invalidUTF8 = ErrorCode(rawValue: "invalid_utf8")
    /// A member is missing, of the wrong type, or out of range.
    public static let malformedMessage = ErrorCode(rawValue: "malformed_message")
    /// A request without an integer `id`.
    public static let missingID = ErrorCode(rawValue: "missing_id")
    /// A request type the daemon does not know.
    public static let unknownType = ErrorCode(rawValue: "unknown_type")
    /// The connection's role does not allow the request.
    public static let forbidden = ErrorCode(rawValue: "forbidden")
    /// Attach, snapshot or trace of a scene that does not exist.
    public static let noSuchScene = ErrorCode(rawValue: "no_such_scene")
    /// A scene document that does not validate (the message lists each problem on a line), or a
    /// scene name a declared scene cannot take.
    public static let invalidScene = ErrorCode(rawValue: "invalid_scene")
    /// A viewer request before `attach`.
    public static let notAttached = ErrorCode(rawValue: "not_attached")
    /// A limit of the protocol, the daemon or the store.
    public static let limitExceeded = ErrorCode(DocumentError.Code.limitExceeded)
}
