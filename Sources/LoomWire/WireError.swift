/// Why a message could not be read: a code from the protocol's list and a message for people.
/// `fatal` errors (framing) close the connection; others get an `error` reply and the
/// connection goes on (Protocol/README.md, "Errors").
public struct WireError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: String
    public let message: String
    public let fatal: Bool

    public init(_ code: String, _ message: String, fatal: Bool = false) {
        self.code = code
        self.message = message
        self.fatal = fatal
    }

    public var description: String { "\(code): \(message)" }

    static func malformed(_ message: String) -> WireError { WireError("malformed_message", message) }
    static func framing(_ message: String) -> WireError { WireError("framing", message, fatal: true) }
}
