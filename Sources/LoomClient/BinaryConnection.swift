import Foundation
import LoomWire

/// A connection to the daemon that says hello in JSON, then speaks the binary encoding both
/// ways (Protocol/README.md, "Handshake"), over the socket or `ssh HOST loom proxy`'s pipes:
/// the viewer's, and the benchmark's viewers and control client.
public final class BinaryConnection {
    /// What to poll for the daemon's messages.
    public let input: Int32
    private let output: Int32
    private var decoder = MessageDecoder(encoding: .json)
    private let tunnel: Process?
    private var nextID: Int64 = 1
    /// One read buffer for the connection's life (not 64 KB allocated and zeroed per read).
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// Connects to the socket at `path`.
    public init(socketPath path: String) throws {
        let descriptor = try connectUnixSocket(path)
        input = descriptor
        output = descriptor
        tunnel = nil
    }

    /// Runs `command` (ssh and its arguments) and speaks through its standard input and output.
    init(tunnel command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let toChild = Pipe(), fromChild = Pipe()
        process.standardInput = toChild
        process.standardOutput = fromChild
        do { try process.run() } catch {
            throw ConnectError(path: command.joined(separator: " "), reason: "cannot run it: \(error.localizedDescription)")
        }
        tunnel = process
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
        if let tunnel, tunnel.isRunning {
            tunnel.terminate()
            tunnel.waitUntilExit()
        }
    }

    /// Says hello as `role` and returns the role granted.
    public func handshake(role: Role) throws -> Role {
        send(.hello(id: takeID(), versions: ProtocolVersion.supported, role: role, encoding: "binary", client: "loom"))
        guard let reply = try receive(blocking: true).first else { throw lost }
        switch reply {
        case .welcome(_, _, let granted, _):
            decoder.encoding = .binary
            return granted
        case .error(_, let code, let message, _): throw DaemonReply(code: code, message: message)
        default: throw DaemonReply(code: "proto_mismatch", message: "the daemon did not welcome us")
        }
    }

    /// A fresh request id.
    public func takeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    /// Sends a message (in JSON before the welcome, binary after); false when the daemon is gone.
    @discardableResult
    public func send(_ message: Message) -> Bool {
        writeAll(decoder.encoding == .binary ? BinaryCodec.frame(message) : JSONCodec.line(message), to: output)
    }

    /// Sends messages in one write (a client pipelining requests); false when the daemon is gone.
    @discardableResult
    public func send(_ messages: [Message]) -> Bool {
        writeAll(messages.flatMap { decoder.encoding == .binary ? BinaryCodec.frame($0) : JSONCodec.line($0) }, to: output)
    }

    /// The messages one read completes (blocking until at least one byte arrives); empty at a
    /// partial message; `lost` when the daemon closed the connection.
    public func receive(blocking: Bool = false) throws -> [Message] {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw lost }
            var messages: [Message] = []
            for result in try decoder.feed(Array(chunk[0..<count])) {
                switch result {
                case .success(let message): messages.append(message)
                case .failure(let error): throw DaemonReply(code: error.code, message: error.message)
                }
                // The welcome switches the encoding: what follows it is binary (the daemon sends
                // nothing before our next request, so nothing after it is in this read).
                if case .welcome = messages.last { return messages }
            }
            if !messages.isEmpty || !blocking { return messages }
        }
    }

    /// The daemon closed the connection.
    var lost: DaemonReply { DaemonReply(code: "disconnected", message: "lost the connection to loomd (it stopped or was killed)") }
}
