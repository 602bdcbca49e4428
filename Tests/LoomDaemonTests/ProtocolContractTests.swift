import Glibc
import LoomCells
import LoomDaemon
import LoomGraph
import LoomJSON
import LoomScenes
import LoomStoreViews
import LoomWire
import Testing

/// The protocol as Protocol/README.md writes it, checked from outside against a real daemon,
/// in both encodings where the rule applies to both.
@Suite("The protocol as written", .serialized)
struct ProtocolContractTests {
    /// The error code and the id of the one reply to a request.
    private func error(_ client: Client) -> (code: ErrorCode, id: RequestID?)? {
        guard case .error(let id, let code, _, _)? = client.receive() else { return nil }
        return (code, id)
    }

    /// A binary `watch` with a negative id (ids are zigzag) once killed loomd when a change
    /// was echoed as an unsigned `changed.watch`. An id is one type end to end.
    @Test func aWatchWithANegativeIdIsEchoedInBothEncodings() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        for encoding in [Encoding.json, .binary] {
            let watcher = Client.hello(daemon.socket, encoding: encoding)
            if encoding == .binary {
                watcher.send([0x06, 0x07, 0x09, 0x01, 0x02, 0x2F, 0x77])     // the bytes that killed it: watch, id -5, ["/w"]
            } else {
                watcher.send(.watch(id: -5, paths: ["/w"]))
            }
            guard case .ok(-5, _)? = watcher.receive() else { Issue.record("no ok for the watch in \(encoding)"); return }
            let script = Client.hello(daemon.socket)
            script.send(.set(id: RequestID(Int64.min), path: "/w", value: .string("\(encoding)")))
            guard case .ok(RequestID(Int64.min), let revision?)? = script.receive() else { Issue.record("no ok for Int64.min"); return }
            #expect(watcher.receive() == .changed(watch: -5, revision: revision, path: "/w", value: .string("\(encoding)")), "\(encoding)")
        }
        let alive = Client.hello(daemon.socket)
        alive.send(.ping(id: RequestID(Int64.max)))
        #expect(alive.receive() == .pong(id: RequestID(Int64.max)))
    }
}

extension ProtocolContractTests {
    /// One stored string of "e" and 40 combining accents (one cluster of 81 bytes) once knocked
    /// every viewer off: the renderer sent it as one cell past the protocol's 64 bytes.
    @Test func aClusterPastTheCellLimitReachesViewersAndSnapshotsCut() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let name = "e" + String(repeating: "\u{301}", count: 40)
        script.send(.set(id: 1, path: "/jobs/a", value: ["name": .string(name), "status": "ok"]))
        guard case .ok? = script.receive() else { Issue.record("no ok"); return }
        script.send(.snapshot(id: 2, scene: "jobs", width: 20, height: 3, markup: true))
        guard case .snapshotText(2, let text)? = script.receive() else { Issue.record("no snapshot"); return }
        #expect(text.unicodeScalars.filter { $0 == "\u{301}" }.count == 31, "e and the 31 accents that fit in a cell")
        let viewer = Client.hello(daemon.socket, role: .viewer, encoding: .binary)
        viewer.send(.attach(id: 3, scene: "jobs", width: 20, height: 3))
        #expect(viewer.receive() == .ok(id: 3, revision: nil))
        var cells: [String] = []
        while let message = viewer.receive(timeout: 2) {
            if case .grid(.line(_, _, let runs)) = message { cells += runs.map(\.text) }
            if case .flush = message { break }
        }
        #expect(cells.contains { $0.unicodeScalars.first == "e" && $0.unicodeScalars.count == 32 && $0.utf8.count <= 64 },
                "the cluster arrives, cut to the cell limit")
    }

    /// A frame's operations are encoded once per encoding and shared by the viewers that use
    /// it: viewers in both encodings, attached alike, each read the same operations.
    @Test func viewersOfOneFrameInBothEncodingsEachReadItsOperations() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        script.send(.set(id: 1, path: "/jobs/a", value: ["name": "build", "status": "ok"]))
        guard case .ok? = script.receive() else { Issue.record("no ok"); return }
        let viewers = [Client.hello(daemon.socket, role: .viewer), Client.hello(daemon.socket, role: .viewer, encoding: .binary),
                       Client.hello(daemon.socket, role: .viewer), Client.hello(daemon.socket, role: .viewer, encoding: .binary)]
        func frame(_ viewer: Client) -> [GridOperation] {
            var operations: [GridOperation] = []
            while let message = viewer.receive(timeout: 2) {
                if case .grid(let operation) = message { operations.append(operation) }
                if case .flush = message { break }
            }
            return operations
        }
        for (index, viewer) in viewers.enumerated() {
            viewer.send(.attach(id: 3, scene: "jobs", width: 30, height: 4))
            #expect(viewer.receive() == .ok(id: 3, revision: nil), "viewer \(index)")
            _ = frame(viewer)
        }
        script.send(.set(id: 2, path: "/jobs/a/status", value: "failed"))
        guard case .ok? = script.receive() else { Issue.record("no ok"); return }
        let frames = viewers.map(frame)
        #expect(!frames[0].isEmpty, "the change is sent")
        #expect(frames.allSatisfy { $0 == frames[0] }, "\(frames)")
    }

    /// Bad requests whose `id` (7) can be read, in JSON, each with its code.
    static let badJSONRequests: [(line: String, code: ErrorCode)] = [
        (#"{"id":7}"#, .malformedMessage),
        (#"{"type":7,"id":7}"#, .malformedMessage),
        (#"{"type":"get","id":7,"path":7}"#, .malformedMessage),
        (#"{"type":"set","id":7,"path":"/a"}"#, .malformedMessage),
        (#"{"type":"frobnicate","id":7}"#, .unknownType),
        (#"{"type":"get","id":7,"path":"no-slash"}"#, ErrorCode(.invalidPointer)),
        (#"{"type":"watch","id":7,"paths":"/a"}"#, .malformedMessage),
        (#"{"type":"wait","id":7,"revision":-1}"#, .malformedMessage),
        (#"{"type":"wait","id":7,"revision":1.0}"#, .malformedMessage),
        (#"{"type":"wait","id":7,"revision":9000}"#, .noSuchRevision),
        (#"{"type":"snapshot","id":7,"scene":"jobs","width":-1,"height":5}"#, .malformedMessage),
        (#"{"type":"snapshot","id":7,"scene":"jobs","width":0,"height":5}"#, .limitExceeded),
        (#"{"type":"snapshot","id":7,"scene":"nowhere","width":10,"height":5}"#, .noSuchScene),
        (#"{"type":"trace","id":7,"scene":"nowhere"}"#, .noSuchScene),
        (#"{"type":"detach","id":7}"#, .notAttached),
        (#"{"type":"hello","id":7,"versions":[1,1]}"#, .malformedMessage),
        (#"{"type":"attach","id":7,"scene":"jobs","width":5000,"height":5}"#, .limitExceeded),
        (#"{"type":"set","id":7,"path":"/deep","value":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}", .limitExceeded),
    ]

    /// The same in binary, as payloads (framed by `frame`): id 7 is zigzag 14.
    static let badBinaryRequests: [(payload: [UInt8], code: ErrorCode)] = [
        ([0x06, 0x0E], .malformedMessage),                                  // get, cut after its id
        ([0x06, 0x0E, 0x02, 0xC3, 0x28], .invalidUTF8),                     // get, a path that is not UTF-8
        ([0x04, 0x0E, 0x02, 0x2F, 0x61, 0x01, 0x7B], .invalidJSON),         // set /a to "{"
        ([0x08, 0x0E] + twoToThe64, .malformedMessage),                     // wait for revision 2^64
        ([0x12, 0x0E, 0x00], .notAttached),                                 // detach, with a byte more (a later version's)
        ([0x63, 0x0E, 0x01, 0x02], .unknownType),                           // tag 99, a later version's request
    ]

    /// 2^64 in LEB128: one bit past what 64 bits hold.
    static let twoToThe64: [UInt8] = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02]

    /// A binary frame: the payload's length, then the payload.
    static func frame(_ payload: [UInt8]) -> [UInt8] { [UInt8(payload.count)] + payload }

    @Test func anErrorForARequestWithAReadableIdCarriesTheId() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let json = Client.hello(daemon.socket)
        for (line, code) in Self.badJSONRequests {
            json.send(line)
            let reply = error(json)
            #expect(reply?.code == code, "\(line.prefix(70))")
            #expect(reply?.id == 7, "\(line.prefix(70))")
        }
        let binary = Client.hello(daemon.socket, encoding: .binary)
        for (payload, code) in Self.badBinaryRequests {
            binary.send(Self.frame(payload))
            let reply = error(binary)
            #expect(reply?.code == code, "\(payload)")
            #expect(reply?.id == 7, "\(payload)")
        }
        json.send(.ping(id: 8))
        #expect(json.receive() == .pong(id: 8), "the connection goes on")
    }

    /// An integer outside its documented range is refused, never wrapped or clamped; an id
    /// that cannot be read is not invented.
    @Test func integersOutsideTheirRangeAreRefusedNotWrapped() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let json = Client.hello(daemon.socket)
        for line in [#"{"type":"ping","id":-9223372036854775809}"#, #"{"type":"ping","id":9223372036854775808}"#,
                     #"{"type":"ping","id":1.0}"#, #"{"type":"ping","id":1e2}"#] {
            json.send(line)
            let reply = error(json)
            #expect(reply?.code == .missingID, "\(line)")
            #expect(reply?.id == nil, "\(line)")
        }
        json.send(#"{"type":"ping","id":-9223372036854775808}"#)
        #expect(json.receive() == .pong(id: RequestID(Int64.min)))
        let binary = Client.hello(daemon.socket, encoding: .binary)
        binary.send(Self.frame([0x0D] + Self.twoToThe64))                                  // ping, id 2^64
        let reply = error(binary)
        #expect(reply?.code == .malformedMessage)
        #expect(reply?.id == nil)
        binary.send(Self.frame([0x0D, 0x8E, 0x00]))                                       // ping 7, padded LEB128
        #expect(binary.receive() == .pong(id: 7), "a longer encoding of a small number is that number")
    }

    @Test func aMessageThatNamesAMemberTwiceIsRefused() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let client = Client.hello(daemon.socket)
        client.send(#"{"type":"ping","id":9,"type":"get","path":"/"}"#)
        #expect(error(client)?.code == .malformedMessage)
        client.send(#"{"type":"set","id":10,"path":"/a","value":{"x":1,"x":2}}"#)
        #expect(client.receive() == .ok(id: 10, revision: 1), "inside a value, JSON's rule holds: the last one wins")
    }

    /// A second hello is refused and changes nothing: asking for binary again does not switch
    /// the encoding of what follows.
    @Test func aSecondHelloIsRefusedAndSwitchesNothing() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let client = Client.hello(daemon.socket)
        client.send(.hello(id: 4, versions: 1...1, role: nil, encoding: .binary, client: nil))
        #expect(error(client)?.code == .malformedMessage)
        client.send(.ping(id: 5))
        #expect(client.receive() == .pong(id: 5), "still JSON")
    }

    /// Anything but a hello first is `hello_expected`, fatal, garbage included.
    @Test func anythingBeforeHelloIsAFatalHelloExpected() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        for first in ["garbage", #"{"type":"ping","id":3}"#, #"{"type":"hello","id":4,"versions":"one"}"#] {
            let client = Client(daemon.socket)
            client.send(first)
            guard case .error(_, .helloExpected, _, true)? = client.receive() else { Issue.record("\(first): no fatal hello_expected"); continue }
            #expect(client.receive(timeout: 1) == nil, "\(first): the connection is closed")
        }
    }
}

extension ProtocolContractTests {
    /// A viewer's own requests: a size outside 1…4096 while attached is `limit_exceeded`; the
    /// same size again is answered with a keyframe, which comes before the frame's highlights.
    @Test func resizeIsCheckedAndTheSameSizeAgainRepaintsWholeWithTheKeyframeFirst() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        for encoding in [Encoding.json, .binary] {
            let viewer = Client.hello(daemon.socket, role: .viewer, encoding: encoding)
            viewer.send(.attach(id: 1, scene: "jobs", width: 20, height: 4, highlight: true))
            #expect(viewer.receive() == .ok(id: 1, revision: nil))
            var frame = Self.frame(from: viewer)
            #expect(frame.first == .keyframe(width: 20, height: 4), "\(encoding): the first frame starts with its keyframe")
            viewer.send(.resize(width: 0, height: 4))
            #expect(error(viewer)?.code == .limitExceeded, "\(encoding)")
            viewer.send(.resize(width: 20, height: 4))
            frame = Self.frame(from: viewer)
            #expect(frame.first == .keyframe(width: 20, height: 4), "\(encoding): the same size again is a keyframe")
            #expect(frame.contains { if case .grid(.line) = $0 { true } else { false } }, "\(encoding): with every row")
        }
    }

    /// A screen's area is bounded (`maximumScreenCells`, 250,000 by default) wherever a client
    /// names one: `attach`, `snapshot` and `resize` past it are `limit_exceeded` and change nothing.
    @Test func aScreenPastTheCellBudgetIsRefusedWhereverAClientNamesOne() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let largest = DaemonConfiguration(socketPath: "").maximumScreenCells
        #expect(largest == 250_000)
        let script = Client.hello(daemon.socket)
        script.send(.snapshot(id: 1, scene: "jobs", width: 4_096, height: 4_096, markup: false))
        #expect(error(script)?.code == .limitExceeded, "4096x4096 is 16M cells")
        script.send(.snapshot(id: 2, scene: "jobs", width: 501, height: 500, markup: false))
        #expect(error(script)?.code == .limitExceeded, "one column past the area")
        script.send(.snapshot(id: 3, scene: "jobs", width: 4_096, height: largest / 4_096, markup: false))
        guard case .snapshotText(3, let text)? = script.receive() else { Issue.record("a screen within the area is drawn"); return }
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count >= largest / 4_096)

        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 4, scene: "jobs", width: 2_000, height: 1_000))
        #expect(error(viewer)?.code == .limitExceeded)
        viewer.send(.attach(id: 5, scene: "jobs", width: 20, height: 4))
        #expect(viewer.receive() == .ok(id: 5, revision: nil), "the refused attach left the connection unattached")
        _ = Self.frame(from: viewer)
        viewer.send(.resize(width: 500, height: 501))
        #expect(error(viewer)?.code == .limitExceeded)
        viewer.send(.resize(width: 20, height: 4))
        #expect(Self.frame(from: viewer).first == .keyframe(width: 20, height: 4), "the viewport kept its size")
    }

    /// A snapshot draws its scene inside the daemon, evaluating what a change left pending; the
    /// viewers must still get the frame that change owes them (found by the daemon fuzz target:
    /// a `set` and a `snapshot` in one read left every viewer of the dashboard showing the old
    /// board, once nothing lazy was on screen to be invalidated by the snapshot's viewport).
    @Test func aSnapshotInTheTurnOfAChangeLeavesTheViewersTheirFrame() {
        let daemon = DaemonThread { $0.register(scene: "name", NameBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: "name", width: 20, height: 2))
        #expect(viewer.receive() == .ok(id: 1, revision: nil))
        let screen = ScreenModel()
        screen.applyNextFrame(from: viewer)
        #expect(screen.grid.lines.first?.hasPrefix("name: ?") == true)
        for (id, name) in [(Int64(2), "ada"), (3, "grace")] {
            script.send(MessageEncoder.encode(.set(id: RequestID(id), path: "/name", value: .string(name)), as: .json)
                        + MessageEncoder.encode(.snapshot(id: RequestID(id + 100), scene: "name", width: 30, height: 3, markup: false), as: .json))
            screen.applyNextFrame(from: viewer)
            #expect(screen.grid.lines.first?.hasPrefix("name: \(name)") == true, "\(screen.grid.lines)")
        }
    }

    /// No message the daemon sends is over what a client may read as one (16 MiB): a `get` or a
    /// watch's change of a larger value is a `limit_exceeded` error for that request or watch,
    /// with a hint, and its parts are there to be read.
    @Test func aReplyNeverExceedsTheMessageLimit() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let part = JSONValue.string(String(repeating: "v", count: 100_000))
        for index in 0..<170 { script.send(.set(id: RequestID(Int64(index)), path: "/big/k\(index)", value: part)) }
        for _ in 0..<170 { _ = script.receive() }
        script.send(.get(id: 200, path: "/big"))
        guard case .error(200, .limitExceeded, let message, false)? = script.receive() else { Issue.record("a 17 MB get is refused"); return }
        #expect(message.contains("get a narrower path"), "\(message)")
        script.send(.get(id: 201, path: "/big/k7"))
        #expect(script.receive() == .value(id: 201, revision: 170, value: part))

        let watcher = Client.hello(daemon.socket, encoding: .binary)
        watcher.send(.watch(id: -5, paths: ["/copy"]))
        #expect(watcher.receive() == .ok(id: -5, revision: 170))
        script.send(.patch(id: 202, patch: [["op": "copy", "from": "/big", "path": "/copy"]]))
        #expect(script.receive() == .ok(id: 202, revision: 171))
        let told = watcher.receive()
        guard case .error(-5, .limitExceeded, let said, false)? = told else { Issue.record("the watch is told: \(String(describing: told).prefix(200))"); return }
        #expect(said.contains("the change at /copy is not sent"), "\(said)")
        watcher.send(.ping(id: 1))
        #expect(watcher.receive() == .pong(id: 1), "the connection goes on")
    }

    /// `ack` is cumulative: acknowledging the second frame acknowledges the first.
    @Test func anAckAcknowledgesEveryFrameUpToIt() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: "jobs", width: 20, height: 4))
        _ = viewer.receive()
        var last: Int64 = 0
        for step in 0..<2 {
            script.send(.set(id: RequestID(Int64(step)), path: "/jobs/a", value: ["name": .string("n\(step)"), "status": "ok"]))
            _ = script.receive()
            for case .flush(let sequence) in Self.frame(from: viewer) { last = sequence }
        }
        #expect(last == 2)
        viewer.send(.ack(sequence: last))
        script.send(.stats(id: 9))
        guard case .statsReport(9, let stats)? = script.receive(),
              case .array(let viewers)? = stats["scenes"]?["jobs"]?["viewers"] else { Issue.record("no stats"); return }
        #expect(viewers.first?["unacknowledged"] == 0, "\(viewers)")
    }

    /// The messages of one frame, up to its flush.
    static func frame(from viewer: Client) -> [Message] {
        var messages: [Message] = []
        while let message = viewer.receive(timeout: 2) {
            messages.append(message)
            if case .flush = message { break }
        }
        return messages
    }

    /// A connection watches at most 1,000 paths; a `watch` past it adds none of its paths.
    @Test func aConnectionWatchesAtMostAThousandPaths() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let client = Client.hello(daemon.socket)
        client.send(.watch(id: 1, paths: (0..<999).map { "/p\($0)" }))
        guard case .ok(1, _)? = client.receive() else { Issue.record("999 paths refused"); return }
        client.send(.watch(id: 2, paths: ["/a", "/b"]))
        #expect(error(client)?.code == .limitExceeded)
        client.send(.watch(id: 3, paths: ["/a"]))
        guard case .ok(3, _)? = client.receive() else { Issue.record("the thousandth path refused"); return }
    }

    /// `stats` has the documented keys, and every trace cause is of the documented grammar.
    @Test func theStatsKeysAndTraceCausesAreTheDocumentedOnes() throws {
        let daemon = DaemonThread { $0.register(scenes: BuiltInScenes.all()) }
        defer { daemon.shutDown() }
        let tracer = Client.hello(daemon.socket)
        tracer.send(.trace(id: 1, scene: nil))
        _ = tracer.receive()
        let viewer = Client.hello(daemon.socket)           // a control connection may attach, as a viewer may
        viewer.send(.attach(id: 1, scene: "dashboard", width: 60, height: 12))
        #expect(viewer.receive() == .ok(id: 1, revision: nil))
        let script = Client.hello(daemon.socket)
        script.send(.set(id: 1, path: "/jobs", value: ["a": ["name": "x", "status": "ok"], "b": ["name": "y", "status": "failed"]]))
        _ = script.receive()
        script.send(.set(id: 2, path: "/jobs/a/status", value: "failed"))
        _ = script.receive()
        let grammar = try Regex(#"^(@identity|@viewport|@navigation|@parent|@self\([^()]*\)|@(state|environment|observable|objectWillChange)\([^()]+\)|@store\((/[^()]*)?( counted by [^()]+)?\))$"#)
        var causes: [String] = [], views: [String] = []
        while let message = tracer.receive(timeout: 0.5) {
            if case .evaluation(_, let view, _, let more, _) = message {
                causes += more
                views.append(view)
            }
        }
        #expect(causes.contains { $0.hasPrefix("@store(") })
        #expect(views.contains("JobRow") && views.allSatisfy { !$0.isEmpty && !$0.contains("<") }, "\(Set(views))")
        for cause in causes { #expect(cause.wholeMatch(of: grammar) != nil, "\(cause)") }

        script.send(.stats(id: 3))
        guard case .statsReport(3, .object(let stats))? = script.receive() else { Issue.record("no stats"); return }
        #expect(Set(stats.keys) == ["scenes", "connections", "loop", "memory", "accepted_connections", "revision", "durable_revision", "waiting_acknowledgements"])
        guard case .object(let loop)? = stats["loop"], case .object(let memory)? = stats["memory"], case .object(let scene)? = stats["scenes"]?["dashboard"],
              case .array(let viewers)? = scene["viewers"], case .object(let viewerStats)? = viewers.first else { Issue.record("\(stats)"); return }
        #expect(Set(loop.keys) == ["lag_ms", "max_lag_ms", "turns"])
        #expect(Set(memory.keys) == ["in_use_kb", "held_free_kb", "mapped_kb"])
        #expect(Set(scene.keys) == ["nodes", "bodies", "frames", "graphs", "viewers"])
        #expect(Set(viewerStats.keys) == ["id", "scene", "user", "role", "size", "view_state",
                                          "frames", "bytes", "coalesced_frames", "ack_latency_ms", "unacknowledged"])
    }
}

/// One text from the store, nothing lazy.
private struct NameBoard: View {
    @StoreValue("/name") var name: JSONValue?
    var body: some View { Text("name: \(name?.stringValue ?? "?")") }
}
