import Glibc
import LoomCells
import LoomDaemon
import LoomJSON
import LoomLayout
import LoomScenes
import LoomWire

/// The daemon target: what the decoders let through reaches the daemon's request handling. One
/// daemon runs in this process (the built-in scenes, an in-memory store, frames unpaced); each
/// input is a client's conversation, checked after it as a watcher from outside would:
///
/// - the daemon is alive (a ping on another connection is answered);
/// - a conversation whose mutations all failed left the document and the revision as they were;
/// - a viewer attached throughout shows what a `snapshot` of its scene and size shows.
///
/// The input's first byte chooses the encoding and the role; the rest is cut into messages
/// (a byte of length, then that many bytes), each sent whole — a JSON line without newlines, or
/// a binary frame — so every conversation ends cleanly at a `ping` the harness adds. Framing
/// itself is the protocol target's.
final class DaemonFuzzer {
    /// Made at the first input, used by libFuzzer's one thread only.
    nonisolated(unsafe) static let shared = DaemonFuzzer()

    let daemon: DaemonThread
    /// The harness's own control connection: pings, gets, snapshots, resets.
    let checker: FuzzClient
    /// A viewer of the dashboard at 60x16, acknowledging every frame.
    let viewer: FuzzClient
    var screen = CellGrid(width: 0, height: 0)
    static let base: JSONValue = ["jobs": ["a": ["name": "build", "status": "ok"], "b": ["name": "deploy", "status": "failed"]],
                                  "hosts": ["h1": ["load": 0.5]], "log": ["started"]]

    private init() {
        daemon = DaemonThread(configure: { $0.register(scenes: BuiltInScenes.all()) }, adjusting: { $0.framesPerSecond = 100_000 })
        checker = FuzzClient(socket: daemon.socket, encoding: .json, role: .control)
        viewer = FuzzClient(socket: daemon.socket, encoding: .binary, role: .viewer)
        _ = checker.ask(.set(id: 1, path: "", value: Self.base))
        viewer.send(.attach(id: 1, scene: "dashboard", width: 60, height: 16))
    }

    /// The input before this one: the daemon carries what inputs leave (a large document until
    /// it is reset, the frames of a viewer) into the next, so a failure names both.
    private var previous: [UInt8] = []

    func run(_ bytes: [UInt8]) {
        defer { previous = bytes }
        let hex = { (input: [UInt8]) in input.map { String($0, radix: 16) }.joined(separator: " ") }
        FuzzClient.onFailure = { [previous] in "the input before it: \(hex(previous))" }
        guard let first = bytes.first else { return }
        let encoding: Encoding = first & 1 == 0 ? .json : .binary
        let role: Role = [.control, .viewer, .observer][Int(first >> 1) % 3]
        guard case .value(_, let before, let document)? = checker.ask(.get(id: 2, path: "")) else { failFuzzing("the daemon did not answer a get (\(checker.silence))") }

        let client = FuzzClient(socket: daemon.socket, encoding: encoding, role: role)
        var rest = bytes.dropFirst()
        var barriers = 0
        while let length = rest.popFirst() {
            let message = Array(rest.prefix(Int(length)))
            rest = rest.dropFirst(Int(length))
            client.sendRaw(message)
            if client.isBarrier(message) { barriers += 1 }
        }
        let replies = client.closeAfterBarrier(sentByTheInput: barriers)

        // Alive, and the document now: two requests on the checker in one write.
        checker.send(.ping(id: 3))
        let reply = checker.ask(.get(id: 4, path: ""))
        guard checker.sawPong(3), case .value(_, let after, let now)? = reply else { failFuzzing("the daemon stopped answering (\(checker.silence))") }
        let succeeded = replies.contains { if case .ok(_, let revision?) = $0 { revision > before } else { false } }
        if !succeeded && (after != before || now != document) {
            failFuzzing("no mutation succeeded, yet the revision went \(before) → \(after) or the document changed")
        }
        checkViewer()
        if after != before { _ = checker.ask(.set(id: 5, path: "", value: Self.base)) }
    }

    /// The viewer's screen, once it has every frame, is the snapshot's. A round is a ping and
    /// what arrived up to its pong and with it; a round that brought frames is followed by
    /// another, since acknowledging them may release a frame held back while the viewer was
    /// behind — drawn at the end of the turn that read the acknowledgement, so it may come in the
    /// same write as the next pong, after it.
    private func checkViewer() {
        var sawFrame = true
        while sawFrame {
            sawFrame = false
            viewer.send(.ping(id: 9))
            var answered = false
            while !answered || viewer.hasBuffered {
                switch viewer.receive() {
                case .keyframe(let width, let height)?: screen = CellGrid(width: width, height: height)
                case .grid(let operation)?: screen.apply(operation)
                case .flush(let sequence)?:
                    viewer.send(.ack(sequence: sequence))
                    sawFrame = true
                case .pong(9)?: answered = true
                case nil: failFuzzing("the viewer's connection ended (\(viewer.silence))")
                default: break
                }
            }
        }
        compareWithSnapshot()
    }

    private func compareWithSnapshot() {
        let reply = checker.ask(.snapshot(id: 6, scene: "dashboard", width: 60, height: 16, markup: false))
        guard case .snapshotText(_, let text)? = reply else {
            failFuzzing("no snapshot: " + (reply.map { "\($0)" } ?? checker.silence))
        }
        let shown = Snapshot.text(screen)
        if shown != text { failFuzzing("the viewer shows\n\(shown)\nbut a snapshot is\n\(text)") }
    }
}

/// A blocking client of the fuzzed daemon, in either encoding.
final class FuzzClient {
    let descriptor: Int32
    let encoding: Encoding
    private var decoder: MessageDecoder
    private var inbox: [Message] = []

    init(socket: String, encoding: Encoding, role: Role) {
        descriptor = UnixSocketAddress.socket()
        guard let address = UnixSocketAddress(socket), address.connect(descriptor) == 0 else { failFuzzing("cannot connect to the daemon") }
        self.encoding = encoding
        decoder = MessageDecoder(encoding: .json)
        write(JSONCodec.line(.hello(id: 0, versions: 1...1, role: role, encoding: encoding, client: "loom-fuzz")))
        guard case .welcome? = receive() else { failFuzzing("no welcome (\(silence))") }
        decoder.encoding = encoding
    }

    deinit { close(descriptor) }

    func send(_ message: Message) { write(MessageEncoder.encode(message, as: encoding)) }

    /// One message of the input, framed whole: a JSON line (its newlines dropped) or a binary frame.
    func sendRaw(_ bytes: [UInt8]) {
        switch encoding {
        case .json: write(bytes.filter { $0 != UInt8(ascii: "\n") } + [UInt8(ascii: "\n")])
        case .binary:
            var frame: [UInt8] = []
            var length = bytes.count
            while length >= 0x80 { frame.append(UInt8(length & 0x7F) | 0x80); length >>= 7 }
            write(frame + [UInt8(length)] + bytes)
        }
    }

    /// The messages the last `ask` read before its reply.
    private var seen: [Message] = []

    /// A request and its reply (other messages before it are kept for `sawPong`).
    @discardableResult
    func ask(_ message: Message) -> Message? {
        send(message)
        seen = []
        while let reply = receive() {
            if reply.id == message.id { return reply }
            seen.append(reply)
        }
        return nil
    }

    /// Whether a pong for `id` came before the last `ask`'s reply.
    func sawPong(_ id: RequestID) -> Bool { seen.contains(.pong(id: id)) }

    /// The ping whose pong ends a conversation.
    static let barrier = Message.ping(id: RequestID(Int64.min))

    /// Whether a message of the input, as sent, is the barrier's ping: an input may send it
    /// too, and its pong must not be taken for the end (it once hid a `set`'s `ok`).
    func isBarrier(_ bytes: [UInt8]) -> Bool {
        switch encoding {
        case .json: (try? JSONCodec.decode(line: bytes.filter { $0 != UInt8(ascii: "\n") })) == Self.barrier
        case .binary: (try? BinaryCodec.decode(payload: bytes[...], limits: .default)) == Self.barrier
        }
    }

    /// Everything the daemon said until the pong of a ping sent last (after as many as the
    /// input sent itself), or the connection's end (an input may get it closed), then closes.
    func closeAfterBarrier(sentByTheInput earlier: Int) -> [Message] {
        send(Self.barrier)
        var replies: [Message] = []
        var pongs = 0
        while let message = receive() {
            if message == .pong(id: RequestID(Int64.min)) {
                pongs += 1
                if pongs > earlier { break }
            }
            if case .flush(let sequence) = message { send(.ack(sequence: sequence)) }
            replies.append(message)
        }
        return replies
    }

    /// Whether messages already read wait in the inbox.
    var hasBuffered: Bool { !inbox.isEmpty }

    /// What to add to a failure's report (the input before the one that failed).
    nonisolated(unsafe) static var onFailure: () -> String = { "" }

    /// Seconds of silence after which the daemon is taken to have stopped answering: far past
    /// the heaviest thing an input can ask (dozens of screens of the largest area the daemon
    /// serves, drawn and diffed under the fuzzer's instrumentation, while another fuzzer shares
    /// the machine).
    static let patience: Int32 = 30

    /// Why the last `receive` returned nil, for a failure's report.
    private(set) var silence = ""

    /// The next message; nil at the connection's end, after `patience` of silence, or for bytes
    /// that do not decode (`silence` says which).
    func receive() -> Message? {
        while inbox.isEmpty {
            // Silence is counted in one-second waits: a machine that was suspended (its clock
            // jumping ahead on resume) ends one wait early, not the whole patience. Two fuzzing
            // processes once gave up in the same 8 ms after 30 s "of silence" that way.
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            var quietSeconds: Int32 = 0
            while poll(&poller, 1, 1_000) <= 0 {
                quietSeconds += 1
                guard quietSeconds < Self.patience else {
                    silence = "no message for \(Self.patience) s"
                    return nil
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else {
                silence = count == 0 ? "the daemon closed the connection" : "read failed: \(String(cString: strerror(errno)))"
                return nil
            }
            let results: [Result<Message, WireError>]
            do {
                results = try decoder.feed(chunk[0..<count])
            } catch {
                silence = "the daemon's bytes do not frame: \(error)"
                return nil
            }
            for result in results {
                guard case .success(let message) = result else { failFuzzing("the daemon sent a message that does not decode: \(result)") }
                inbox.append(message)
                if case .welcome = message { break }
            }
        }
        return inbox.removeFirst()
    }

    private func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
