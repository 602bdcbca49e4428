import Foundation
import LoomCells
import LoomCollections
import LoomWire

/// `loom`'s connection to the daemon, over the socket or `ssh HOST loom proxy`'s pipes: it says
/// hello in JSON, then speaks the binary encoding both ways (Protocol/README.md, "Handshake").
/// The scripting verbs ask with `request`; the viewer and the benchmark's clients poll `input`
/// and take what arrived with `receive`.
public final class DaemonConnection {
    /// What to poll for the daemon's messages.
    public let input: Int32
    private let output: Int32
    private var decoder = MessageDecoder(encoding: .json)
    /// ssh, when the connection goes through it, and the host it goes to.
    private let tunnel: (process: Process, host: String)?
    private var nextID: Int64 = 1
    /// Messages that arrived in the same read as a request's reply, after it.
    private var inbox: [Message] = []
    /// One read buffer for the connection's life, not one allocated and zeroed per read.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// What one read decoded, in a list kept from read to read (a viewer reads a frame or two
    /// each time), up to `MessageDecoder.messagesPerFeed` messages' room.
    private var decoded: [Result<Message, WireError>] = []
    /// One write's bytes, kept from write to write (a viewer acknowledges every frame) up to
    /// `keptOutgoingCapacity`; a larger one (a pasted text) is let go once written.
    private var outgoing: [UInt8] = []
    static let keptOutgoingCapacity = 4_096
    /// The room `outgoing` and `decoded` hold between writes and reads: what the tests check
    /// against their bounds.
    var outgoingCapacity: Int { outgoing.capacity }
    var decodedCapacity: Int { decoded.capacity }

    /// Connects to the socket at `path`.
    public init(socketPath path: String) throws {
        let descriptor = try connectUnixSocket(path)
        input = descriptor
        output = descriptor
        tunnel = nil
    }

    /// Runs `command` (ssh and its arguments, to `host`) and speaks through its standard input
    /// and output.
    init(tunnel command: [String], host: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let toChild = Pipe(), fromChild = Pipe()
        process.standardInput = toChild
        process.standardOutput = fromChild
        do { try process.run() } catch {
            throw ConnectError(path: command.joined(separator: " "), reason: "cannot run it: \(error.localizedDescription)")
        }
        tunnel = (process, host)
        input = fromChild.fileHandleForReading.fileDescriptor
        output = toChild.fileHandleForWriting.fileDescriptor
        // The parent keeps only its ends.
        try? toChild.fileHandleForReading.close()
        try? fromChild.fileHandleForWriting.close()
        pipes = (toChild, fromChild)
    }

    /// Keeps the tunnel's pipe ends open as long as the connection.
    private var pipes: (Pipe, Pipe)?

    deinit {
        if tunnel == nil { close(input) }
        pipes = nil
        if let process = tunnel?.process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Says hello as `role` (nil: whatever the daemon grants this user) and returns the role granted.
    @discardableResult
    public func handshake(role: Role?) throws -> Role {
        switch try request({ .hello(id: $0, versions: ProtocolVersion.supported, role: role, encoding: .binary, client: "loom") }) {
        case .welcome(_, _, let granted, _):
            decoder.encoding = .binary
            return granted
        case .error(_, let code, let message, _): throw DaemonReply(code: code, message: message)
        default: throw DaemonReply(code: .protoMismatch, message: "the daemon did not welcome us")
        }
    }

    /// A fresh request id.
    public func takeID() -> RequestID {
        defer { nextID += 1 }
        return RequestID(nextID)
    }

    /// Sends a message (in JSON before the welcome, binary after); false when the daemon is gone.
    @discardableResult
    public func send(_ message: Message) -> Bool {
        MessageEncoder.encode(message, as: decoder.encoding, into: &outgoing)
        return writeOutgoing()
    }

    /// Sends messages in one write (a client pipelining requests); false when the daemon is gone.
    @discardableResult
    public func send(_ messages: [Message]) -> Bool {
        for message in messages { MessageEncoder.encode(message, as: decoder.encoding, into: &outgoing) }
        return writeOutgoing()
    }

    /// Writes `outgoing` and empties it, keeping its storage within the bound.
    private func writeOutgoing() -> Bool {
        defer { outgoing.removeAll(keepingStorageUpTo: Self.keptOutgoingCapacity) }
        return writeAll(outgoing, to: output)
    }

    /// Sends a request and returns its reply; messages without an id before it are skipped, and
    /// those after it are kept for `receive`. An error without an id (a framing error) is the reply.
    public func request(_ make: (RequestID) -> Message) throws -> Message {
        let id = takeID()
        guard send(make(id)) else { throw DaemonReply(code: .disconnected, message: "cannot write to the daemon: \(String(cString: strerror(errno)))") }
        while true {
            let messages = try receive(blocking: true)
            if let index = messages.firstIndex(where: { $0.id == id || $0.id == nil && { if case .error = $0 { true } else { false } }($0) }) {
                inbox = Array(messages[(index + 1)...])
                return messages[index]
            }
            // Not our reply, and something unreadable came instead: it may have been our reply.
            // (Unreadable messages after the reply are left for whoever reads on: a viewer.)
            if let error = undecodable.first {
                undecodable = []
                throw DaemonReply(code: error.code, message: error.message)
            }
        }
    }

    /// Attaches to a scene; the daemon's refusal (no such scene) is thrown. The first frame may
    /// have come in the same read as the `ok`: `received()` has it.
    public func attach(scene: String, width: Int, height: Int, highlight: Bool = false) throws {
        if case .error(_, let code, let text, _) = try request({ .attach(id: $0, scene: scene, width: width, height: height, highlight: highlight) }) {
            throw DaemonReply(code: code, message: text)
        }
    }

    /// When a blocking read gives up (`--timeout`): nil waits as long as it takes.
    public var deadline: ContinuousClock.Instant?

    /// Waits until the daemon has something to read, or throws `TimedOut` at `deadline`.
    private func wait(until deadline: ContinuousClock.Instant) throws {
        while true {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, pollMilliseconds(until: deadline))
            if ready > 0 { return }
            // A failed poll other than a signal: the read that follows says what is wrong.
            if ready < 0 { if errno == EINTR { continue } else { return } }
            throw TimedOut()
        }
    }

    /// Messages already read (after a request's reply, in the same read) and not yet taken:
    /// a poll loop handles them before it polls, since they will not make `input` readable.
    public func received() -> [Message] {
        defer { inbox = [] }
        return inbox
    }

    /// Messages the daemon sent that this client could not read, skipped (a viewer asks for a
    /// keyframe to repaint what they would have drawn; a request waiting for its reply fails).
    public var undecodable: [WireError] = []

    /// What has arrived: messages kept from a request's read, else the messages one read
    /// completes (blocking until at least one does, when asked); `lost` when the daemon closed
    /// the connection.
    public func receive(blocking: Bool = false) throws -> [Message] {
        if !inbox.isEmpty { return received() }
        while true {
            if blocking, let deadline { try wait(until: deadline) }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw lost }
            try chunk.withUnsafeBytes { bytes in try decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), into: &decoded) }
            defer { decoded.removeAll(keepingStorageUpTo: MessageDecoder.messagesPerFeed) }
            var messages: [Message] = []
            messages.reserveCapacity(decoded.count)
            for result in decoded {
                switch result {
                case .success(let message): messages.append(message)
                case .failure(let error): undecodable.append(error)
                }
                // The welcome switches the encoding: what follows it is binary (the daemon sends
                // nothing before our next request, so nothing after it is in this read).
                if case .welcome = messages.last { return messages }
            }
            if !messages.isEmpty || !blocking { return messages }
        }
    }

    /// The daemon closed the connection, or the tunnel to it ended. Then ssh's exit status says
    /// which end failed, and the exit status of `loom` follows the documented one: no daemon
    /// answers (3) when ssh itself failed (255) or the remote `loom proxy` found no daemon (3),
    /// whose own message ssh passed on; the connection lost (1) otherwise — the remote daemon
    /// gone when the proxy ended well (0).
    var lost: any Error {
        guard let tunnel else { return DaemonReply(code: .disconnected, message: "lost the connection to loomd (it stopped or was killed)") }
        // ssh closed its output because it is ending; it is given a moment to.
        let deadline = ContinuousClock.now + .seconds(2)
        while tunnel.process.isRunning && ContinuousClock.now < deadline { usleep(5_000) }
        let status = tunnel.process.isRunning ? nil : tunnel.process.terminationStatus
        switch status {
        case 255?: return ConnectError(path: "\(tunnel.host) through ssh", reason: "ssh failed (exit status 255)")
        case 3?: return ConnectError(path: "\(tunnel.host) through ssh", reason: "no daemon answers at the remote socket (the remote loom's exit status 3)")
        case 0?: return DaemonReply(code: .disconnected, message: "lost the connection to loomd on \(tunnel.host) (it stopped or was killed)")
        case let status?: return DaemonReply(code: .disconnected, message: "lost the connection through ssh to \(tunnel.host) (ssh exit status \(status))")
        case nil: return DaemonReply(code: .disconnected, message: "lost the connection through ssh to \(tunnel.host) (ssh still running)")
        }
    }
}

/// A connected stream socket to `path`, or `ConnectError` saying why not.
func connectUnixSocket(_ path: String) throws(ConnectError) -> Int32 {
    let descriptor = UnixSocketAddress.socket()
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
