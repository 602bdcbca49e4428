import Glibc
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

    public static let common: Set<String> = ["socket", "timeout"]
    public static let commonFlags: Set<String> = ["json", "help"]

    public var usage: String {
        """
        usage: loom \(synopsis)

        \(help)

        Every verb takes --socket PATH (default: $LOOM_SOCKET, else $XDG_RUNTIME_DIR/loom/loom.sock,
        else \(SocketPath.system)). A socket found by default must belong, with its directory, to
        root or to you; loom refuses it otherwise (exit 3). Each verb runs with the role the daemon
        gives your user, and a verb that role may not use is refused (exit 1). --timeout SECONDS
        gives up when the daemon has not answered in that time (exit 4; a stream's first reply).
        --json prints errors as {"error":{"code":…,"message":…}} on standard error.
        """
    }
}

/// What a running verb has to work with: the socket path, whether `--json` was asked for,
/// and where its output goes (a closure, so tests capture it).
public struct Invocation: Sendable {
    public let socketPath: String
    public let json: Bool
    /// `--timeout`: the longest a verb waits for the daemon's answer; nil waits as long as it takes.
    public var timeout: Duration?
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
        connection.deadline = timeout.map { ContinuousClock.now + $0 }
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
        connection.deadline = nil
        try follow(connection, each: each)
    }

    /// Hands each message of a stream already asked for to `each`, until the daemon ends it
    /// (`bye`, an error, a closed connection: thrown).
    func follow(_ connection: DaemonConnection, each: (Message) throws -> Void) throws {
        while true {
            for message in try connection.receive(blocking: true) {
                if case .bye(let reason) = message { throw DaemonReply(code: .bye, message: reason) }
                try each(try reply(to: message))
            }
        }
    }

    func reply(to message: Message) throws -> Message {
        if case .error(_, let code, let message, _) = message { throw DaemonReply(code: code, message: message) }
        return message
    }
}

/// Parses JSON given on the command line; a usage error naming the argument when it is not JSON.
/// The most bytes a JSON value read from standard input or a file may have: what one message
/// may carry (`WireLimits.maximumMessageBytes`). A larger one could not be sent; it is refused
/// before it is parsed, and a file is not read past it.
let maximumValueBytes = WireLimits.default.maximumMessageBytes

/// A JSON argument as the verbs take it: the JSON text itself, `-` for standard input, or
/// `@FILE` for a file (a value too large for the command line: the kernel bounds the
/// arguments to a few hundred kilobytes). Neither is a JSON text, so none is ambiguous.
func jsonValue(_ argument: String, name: String, standardInput: () -> [UInt8]) throws(UsageError) -> JSONValue {
    let (bytes, source): ([UInt8], String)
    if argument == "-" {
        (bytes, source) = (standardInput(), "standard input")
    } else if argument.hasPrefix("@") {
        let path = String(argument.dropFirst())
        (bytes, source) = (try readFile(path, atMost: maximumValueBytes), path)
    } else {
        return try jsonArgument(argument, name: name)
    }
    guard bytes.count <= maximumValueBytes else {
        throw UsageError("\(source) holds more than the \(maximumValueBytes) bytes one message may carry")
    }
    do {
        return try JSONParser.parse(bytes)
    } catch {
        throw UsageError("\(source) is not JSON (\(error))")
    }
}

/// A file's bytes, up to `limit` and one more (so that a caller sees it is over); the error says
/// why it cannot be read, as the system does.
func readFile(_ path: String, atMost limit: Int) throws(UsageError) -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw UsageError("cannot read \(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= limit {
        let count = fread(&chunk, 1, chunk.count, file)
        bytes += chunk[0..<count]
        if count < chunk.count {
            guard ferror(file) == 0 else { throw UsageError("cannot read \(path): \(String(cString: strerror(errno)))") }
            break
        }
    }
    return bytes
}

func jsonArgument(_ text: String, name: String) throws(UsageError) -> JSONValue {
    do {
        return try JSONParser.parse(text)
    } catch {
        throw UsageError("\(name) is not JSON (\(error)); a string needs quotes: '\"ok\"'")
    }
}
