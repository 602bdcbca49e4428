import Foundation
import Glibc
import LoomDaemon
import LoomGraph
import LoomLayout
import LoomLoop
import LoomStore
import LoomWire
import Synchronization

/// A real daemon on a temporary socket, on its own thread (its loop and graphs live there).
final class RunningDaemon: Sendable {
    let socket: String
    private let stop = Mutex<WakeUp?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(configure: @escaping @Sendable (Daemon) -> Void = { _ in }) {
        socket = NSTemporaryDirectory() + "loomd-test-\(UUID().uuidString.prefix(8)).sock"
        let ready = DispatchSemaphore(value: 0)
        Thread { [self] in
            do {
                let daemon = try Daemon(configuration: DaemonConfiguration(socketPath: socket))
                configure(daemon)
                try daemon.listen()
                let trigger = try daemon.shutdownTrigger()
                stop.withLock { $0 = trigger }
                ready.signal()
                try daemon.run()
            } catch {
                print("daemon failed: \(error)")
                ready.signal()
            }
            finished.signal()
        }.start()
        ready.wait()
    }

    func shutDown() {
        stop.withLock { $0 }?.send()
        finished.wait()
        unlink(socket)
    }
}

/// A blocking client, as a script or a test tool would write one.
final class Client {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(_ path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        precondition(UnixSocketAddress(path)?.connect(descriptor) == 0, "cannot connect to \(path)")
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        send(Array((text + "\n").utf8))
    }

    func send(_ message: Message) {
        send(JSONCodec.line(message))
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The next JSON line as a message (nil after `timeout` seconds or at end of stream).
    func receive(timeout: Double = 5) -> Message? {
        nextLine(from: descriptor, buffer: &buffer, timeout: timeout).flatMap { try? JSONCodec.decode(line: $0) }
    }

    /// Messages until one matches (returned), skipping others.
    func receive(until match: (Message) -> Bool, timeout: Double = 5) -> Message? {
        while let message = receive(timeout: timeout) {
            if match(message) { return message }
        }
        return nil
    }

    /// Connects, says hello, and checks the welcome.
    static func hello(_ path: String, role: Role? = nil) -> Client {
        let client = Client(path)
        client.send(.hello(id: 0, versions: 1...1, role: role, encoding: "json", client: "test"))
        guard case .welcome? = client.receive() else { preconditionFailure("no welcome") }
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
