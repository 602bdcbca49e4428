import LoomWire

/// Why a `loom` command ends other than with success: no daemon, the daemon's refusal, or an
/// ending with its own status (the viewer's).

/// Nothing listens at the socket (exit status 3).
public struct ConnectError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot connect to \(path): \(reason)" }
}

/// The daemon refused a request (exit status 1).
public struct DaemonReply: Error, CustomStringConvertible {
    public let code: ErrorCode
    public let message: String
    public var description: String { "\(code): \(message)" }
}

/// The daemon did not answer within `--timeout` (exit status 4).
public struct TimedOut: Error, CustomStringConvertible {
    public var description: String { "the daemon did not answer in time (--timeout)" }
}

/// Ends a verb with a given exit status and message (the viewer's endings, a signal's 128+N).
struct ExitStatus: Error {
    let status: Int32
    let message: String
    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// The codes of refusals `loom` tells itself, beside the daemon's (`ErrorCode`).
extension ErrorCode {
    /// `get` found nothing at the path.
    static let notFound = ErrorCode(rawValue: "not_found")
    /// The connection to the daemon ended.
    static let disconnected = ErrorCode(rawValue: "disconnected")
    /// The daemon said goodbye (it is stopping).
    static let bye = ErrorCode(rawValue: "bye")
    /// The `--proxy` tunnel failed.
    static let proxy = ErrorCode(rawValue: "proxy")
}
