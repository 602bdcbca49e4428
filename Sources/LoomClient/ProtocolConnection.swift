import Glibc
import LoomStore
import LoomWire

/// A blocking connection to the daemon for scripts: connect, say hello, send requests and read
/// their replies (and streams) as JSON lines.
public final class ProtocolConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var nextID: Int64 = 1
    /// One read buffer for the connection's life (not 64 KB allocated and zeroed per read).
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    public private(set) var role: Role = .observer

    /// Connects to `path`; throws `ConnectError` when nothing listens there.
    public init(path: String, role wanted: Role? = nil) throws {
        descriptor = try connectUnixSocket(path)
        switch try request({ id in .hello(id: id, versions: ProtocolVersion.supported, role: wanted, encoding: "json", client: "loom") }) {
        case .welcome(_, _, let granted, _): role = granted
        case .error(_, let code, let message, _): throw DaemonReply(code: code, message: message)
        default: throw DaemonReply(code: "proto_mismatch", message: "the daemon did not welcome us")
        }
    }

    deinit { close(descriptor) }

    /// Sends a request and returns its reply (messages without an id in between are skipped).
    public func request(_ make: (Int64) -> Message) throws -> Message {
        let id = nextID
        nextID += 1
        try send(make(id))
        while let message = try receive() {
            if message.id == id || (message.id == nil && { if case .error = message { true } else { false } }()) { return message }
        }
        throw DaemonReply(code: "disconnected", message: "the daemon closed the connection")
    }

    public func send(_ message: Message) throws {
        guard writeAll(JSONCodec.line(message), to: descriptor) else {
            throw DaemonReply(code: "disconnected", message: "cannot write to the daemon: \(String(cString: strerror(errno)))")
        }
    }

    /// The next message, or nil when the daemon closed the connection.
    public func receive() throws -> Message? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONCodec.decode(line: line)
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }
}

/// A connected stream socket to `path`, or `ConnectError` saying why not.
func connectUnixSocket(_ path: String) throws(ConnectError) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw ConnectError(path: path, reason: String(cString: strerror(errno))) }
    guard let address = UnixSocketAddress(path) else {
        close(descriptor)
        throw ConnectError(path: path, reason: "the path is too long for a Unix socket")
    }
    guard address.connect(descriptor) == 0 else {
        let reason = errno == ENOENT || errno == ECONNREFUSED ? "is the daemon running? (\(String(cString: strerror(errno))))" : String(cString: strerror(errno))
        close(descriptor)
        throw ConnectError(path: path, reason: reason)
    }
    return descriptor
}

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
