import LoomCommandLine
import LoomJSON
import LoomWire

/// One `loom` verb: its synopsis and help (what `loom help VERB` prints), the options it
/// takes, and what it does with a connection. Every verb shares `--socket` and `--json`.
public struct Verb: Sendable {
    public let name: String
    /// One line for `loom --help`.
    public let summary: String
    public let synopsis: String
    public let help: String
    let valued: Set<String>
    let flags: Set<String>
    let run: @Sendable (Arguments, Invocation) throws -> Void

    public static let common: Set<String> = ["socket"]
    public static let commonFlags: Set<String> = ["json", "help"]

    public var usage: String {
        """
        usage: loom \(synopsis)

        \(help)

        Every verb takes --socket PATH (default: $LOOM_SOCKET, else $XDG_RUNTIME_DIR/loom/loom.sock,
        else \(SocketPath.system)). A socket found by default must belong, with its directory, to
        root or to you; loom refuses it otherwise (exit 3). Each verb runs with the role the daemon
        gives your user, and a verb that role may not use is refused (exit 1).
        """
    }
}

/// What a running verb has to work with: the socket path, whether `--json` was asked for,
/// and where its output goes (a closure, so tests capture it).
public struct Invocation: Sendable {
    public let socketPath: String
    public let json: Bool
    public let output: @Sendable (String) -> Void
    public let standardInput: @Sendable () -> [UInt8]
    /// Standard input and output themselves, for `proxy`'s byte stream.
    public let descriptors: (input: Int32, output: Int32)

    public init(socketPath: String, json: Bool, output: @escaping @Sendable (String) -> Void, standardInput: @escaping @Sendable () -> [UInt8],
                descriptors: (input: Int32, output: Int32)) {
        self.socketPath = socketPath
        self.json = json
        self.output = output
        self.standardInput = standardInput
        self.descriptors = descriptors
    }

    /// A connection to the daemon with the role the daemon gives this user: a verb the role may
    /// not use is refused by the daemon (`forbidden`), one it may use works (`ping` for anyone).
    func connect() throws -> DaemonConnection {
        let connection = try DaemonConnection(socketPath: socketPath)
        try connection.handshake(role: nil)
        return connection
    }

    /// Sends a request and returns its reply, turning the daemon's `error` into `DaemonReply`.
    func ask(_ make: (RequestID) -> Message) throws -> Message {
        try reply(to: connect().request(make))
    }

    /// Sends a request that opens a stream and hands each streamed message to `each` until the
    /// daemon ends it: a `bye` or a closed connection is an error (exit 1), since the stream was
    /// meant to last until interrupted.
    func stream(_ make: (RequestID) -> Message, each: (Message) -> Void) throws {
        let connection = try connect()
        _ = try reply(to: connection.request(make))
        while true {
            for message in try connection.receive(blocking: true) {
                if case .bye(let reason) = message { throw DaemonReply(code: .bye, message: reason) }
                each(try reply(to: message))
            }
        }
    }

    func reply(to message: Message) throws -> Message {
        if case .error(_, let code, let message, _) = message { throw DaemonReply(code: code, message: message) }
        return message
    }
}

/// Parses JSON given on the command line; a usage error naming the argument when it is not JSON.
func jsonArgument(_ text: String, name: String) throws(UsageError) -> JSONValue {
    do {
        return try JSONParser.parse(text)
    } catch {
        throw UsageError("\(name) is not JSON (\(error)); a string needs quotes: '\"ok\"'")
    }
}
