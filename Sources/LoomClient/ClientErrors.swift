/// Why a `loom` command could not do what it was asked: the two ways the daemon can fail it.

/// Nothing listens at the socket (exit status 3).
public struct ConnectError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot connect to \(path): \(reason)" }
}

/// The daemon refused a request (exit status 1).
public struct DaemonReply: Error, CustomStringConvertible {
    public let code: String
    public let message: String
    public var description: String { "\(code): \(message)" }
}
