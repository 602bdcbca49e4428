import Foundation
import Glibc
import LoomCells
import LoomDaemon
import LoomGraph
import LoomJSON
import LoomLayout
import LoomLoop
import LoomStoreViews
import LoomTestSupport
import LoomWire
import Synchronization

/// A blocking client, as a script or a test tool would write one, in either encoding.
final class Client {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    /// What the client speaks after its welcome (`hello(_:encoding:)`).
    private(set) var encoding = Encoding.json
    private var binaryDecoder = MessageDecoder(encoding: .binary)
    private var binaryInbox: [Message] = []

    init(_ path: String) {
        descriptor = UnixSocketAddress.socket()
        precondition(UnixSocketAddress(path)?.connect(descriptor) == 0, "cannot connect to \(path)")
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        send(Array((text + "\n").utf8))
    }

    func send(_ message: Message) {
        send(MessageEncoder.encode(message, as: encoding))
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The next message (nil after `timeout` seconds, at end of stream, or for bytes that do
    /// not decode).
    func receive(timeout: Double = 5) -> Message? {
        guard encoding == .binary else {
            return nextLine(from: descriptor, buffer: &buffer, timeout: timeout).flatMap { try? JSONCodec.decode(line: $0) }
        }
        while binaryInbox.isEmpty {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1_000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0, let results = try? binaryDecoder.feed(Array(chunk[0..<count])) else { return nil }
            for result in results { guard case .success(let message) = result else { return nil }; binaryInbox.append(message) }
        }
        return binaryInbox.removeFirst()
    }

    /// Messages until one matches (returned), skipping others.
    func receive(until match: (Message) -> Bool, timeout: Double = 5) -> Message? {
        while let message = receive(timeout: timeout) {
            if match(message) { return message }
        }
        return nil
    }

    /// Connects, says hello (as a JSON line, as every client does), and checks the welcome;
    /// the client then speaks `encoding`.
    static func hello(_ path: String, role: Role? = nil, encoding: Encoding = .json) -> Client {
        let client = Client(path)
        client.send(.hello(id: 0, versions: 1...1, role: role, encoding: encoding, client: "test"))
        guard case .welcome? = client.receive() else { preconditionFailure("no welcome") }
        client.encoding = encoding
        if encoding == .binary, let results = try? client.binaryDecoder.feed(client.buffer) {
            client.binaryInbox = results.compactMap { try? $0.get() }
            client.buffer = []
        }
        return client
    }
}

/// The next line read from `descriptor` (without its newline), keeping what follows it in
/// `buffer`; nil after `timeout` seconds without data or at end of stream.
func nextLine(from descriptor: Int32, buffer: inout [UInt8], timeout: Double = 5) -> [UInt8]? {
    while true {
        if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            defer { buffer.removeSubrange(...end) }
            return Array(buffer[..<end])
        }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1_000)) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { return nil }
        buffer += chunk[0..<count]
    }
}

/// A viewer's screen, rebuilt only from the frames it received.
final class ScreenModel {
    var grid = CellGrid(width: 0, height: 0)
    var lastFlush: Int64 = 0

    /// Applies one message; true at a flush.
    func apply(_ message: Message) -> Bool {
        switch message {
        case .keyframe(let width, let height): grid = CellGrid(width: width, height: height)
        case .grid(let operation): grid.apply([operation])
        case .flush(let sequence):
            lastFlush = sequence
            return true
        default: break
        }
        return false
    }

    var text: String { Snapshot.text(grid) }

    /// Applies the viewer's next frame, acknowledging it; the rectangles it marked as re-evaluated.
    @discardableResult
    func applyNextFrame(from viewer: Client) -> [GridRect] {
        var rects: [GridRect] = []
        while let message = viewer.receive() {
            if case .highlight(let found) = message { rects += found }
            if apply(message) {
                viewer.send(.ack(sequence: lastFlush))
                break
            }
        }
        return rects
    }
}

/// The test scene: jobs from the store, in a list.
struct JobBoard: View {
    @StoreMembers("/jobs") var jobs: [StoreMember]
    var body: some View {
        VStack(alignment: .leading) {
            Text("jobs: \(jobs.count)").bold()
            List(jobs) { JobLine(path: $0.path) }
        }
    }
}

struct JobLine: View {
    @StoreValue var job: JSONValue?
    init(path: JSONPointer) { _job = StoreValue(path) }
    var body: some View {
        HStack {
            Text(job?["name"]?.stringValue ?? "?")
            Spacer()
            Text(job?["status"]?.stringValue ?? "?").foregroundColor(job?["status"] == "failed" ? .red : .green)
        }
    }
}

/// The real `loomd` program, with its built-in scenes, on a temporary socket: for tests that
/// measure the daemon's own memory and descriptors (this process's would include whatever other
/// tests, running in parallel, hold).
final class DaemonProcess {
    let socket: String
    let pid: pid_t
    private let process: Process

    /// Starts `loomd` (or another daemon built on `LoomApp`, `program`) on `socket` (a fresh
    /// temporary path by default) with `arguments` besides, its store in `stateDirectory`
    /// (ephemeral without) and quiet logs.
    /// `log`: a file its log goes to, at level info (else it logs errors only, to nowhere).
    init(program: String = "loomd", socket: String = NSTemporaryDirectory() + "loomd-\(UUID().uuidString.prefix(8)).sock",
         stateDirectory: String? = nil, arguments: [String] = [], log: String? = nil) {
        self.socket = socket
        process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(program)
        process.arguments = (stateDirectory.map { ["--state-dir", $0] } ?? ["--ephemeral"]) + ["--socket", socket, "--log-level", log == nil ? "error" : "info"] + arguments
        // Neither output is inherited: a daemon left behind by a crashed test must not hold
        // the test runner's pipes open.
        process.standardOutput = FileHandle.nullDevice
        if let log, FileManager.default.createFile(atPath: log, contents: nil), let file = FileHandle(forWritingAtPath: log) {
            process.standardError = file
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try! process.run()
        pid = process.processIdentifier
        // Ready when it accepts a connection (the socket file exists a moment before it listens),
        // within 30 s: the machine may be busy with the other suites.
        for _ in 0..<3_000 where !UnixSocketAddress.isListening(socket) { usleep(10_000) }
    }

    /// Resident memory (VmRSS), in kilobytes.
    var residentKilobytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// Stops it (SIGKILL: the test process's threads may block SIGTERM, and a child inherits that)
    /// and removes its socket, once: a daemon started since on the same socket keeps its own.
    func kill() {
        guard !killed else { return }
        killed = true
        if process.isRunning { Glibc.kill(pid, SIGKILL) }
        process.waitUntilExit()
        unlink(socket)
    }

    private var killed = false

    deinit { kill() }
}

/// The `loom` program, run as a script runs it, with `LOOM_SOCKET` set.
enum LoomProgram {
    static let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loom")

    struct Result {
        let status: Int32
        let output: String
        let errors: String
        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// Runs it to completion, `input` on its standard input.
    static func run(_ arguments: [String], socket: String?, input: String = "") throws -> Result {
        let process = start(arguments, socket: socket)
        process.input.fileHandleForWriting.write(Data(input.utf8))
        try process.input.fileHandleForWriting.close()
        let output = process.output.fileHandleForReading.readDataToEndOfFile()
        let errors = process.errors.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Result(status: process.process.terminationStatus, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    static func start(_ arguments: [String], socket: String?) -> (process: Process, input: Pipe, output: Pipe, errors: Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = socket.map { ["LOOM_SOCKET": $0] } ?? [:]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try! process.run()
        return (process, input, output, errors)
    }
}
