import Foundation
import LoomCells
import LoomDaemon
import LoomGraph
import LoomJSON
import LoomLayout
import LoomScenes
import LoomStoreViews
import LoomWire
import Testing

@Suite("The daemon, over its socket", .serialized)
struct DaemonTests {
    @Test func aScriptSetsAndGetsAndIsAcknowledgedWithTheRevision() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let client = Client.hello(daemon.socket)
        client.send(#"{"type":"set","id":2,"path":"/jobs/7/status","value":"running"}"#)
        guard case .ok(2, let revision?)? = client.receive() else { Issue.record("no ok"); return }
        client.send(#"{"type":"get","id":3,"path":"/jobs/7"}"#)
        #expect(client.receive() == .value(id: 3, revision: revision, value: ["status": "running"]))
        client.send(#"{"type":"ping","id":4}"#)
        #expect(client.receive() == .pong(id: 4))
    }

    @Test func theHandshakeRefusesForeignVersionsAndMessagesBeforeHello() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let foreign = Client(daemon.socket)
        foreign.send(#"{"type":"hello","id":1,"versions":[2,3]}"#)
        guard case .error(1, .protoMismatch, _, true)? = foreign.receive() else { Issue.record("no proto_mismatch"); return }
        #expect(foreign.receive(timeout: 2) == nil, "the connection is closed")
        let eager = Client(daemon.socket)
        eager.send(#"{"type":"ping","id":1}"#)
        guard case .error(_, .helloExpected, _, true)? = eager.receive() else { Issue.record("no hello_expected"); return }
    }

    @Test func rolesComeFromTheDaemonAndHelloMayOnlyNarrowThem() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let observer = Client.hello(daemon.socket, role: .observer)
        observer.send(#"{"type":"set","id":2,"path":"/x","value":1}"#)
        guard case .error(2, .forbidden, _, false)? = observer.receive() else { Issue.record("an observer could write"); return }
        let control = Client.hello(daemon.socket)
        control.send(#"{"type":"get","id":3,"path":"/x"}"#)
        #expect(control.receive() == .value(id: 3, revision: 0, value: nil), "the observer's write changed nothing")
    }

    @Test func badInputGetsTheDocumentedErrorsAndHurtsNoOne() {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let bystander = Client.hello(daemon.socket)
        bystander.send(#"{"type":"set","id":1,"path":"/a","value":1}"#)
        _ = bystander.receive()
        let client = Client.hello(daemon.socket)
        let cases: [(String, ErrorCode)] = [
            ("{not json", .invalidJSON),
            (#"{"type":"set","path":"/a","value":2}"#, .missingID),
            (#"{"type":"set","id":1,"path":"a","value":2}"#, ErrorCode(.invalidPointer)),
            (#"{"type":"patch","id":2,"patch":[{"op":"replace","path":"/a","value":2},{"op":"test","path":"/a","value":3}]}"#, ErrorCode(.testFailed)),
            (#"{"type":"patch","id":3,"patch":{"op":"add"}}"#, ErrorCode(.invalidPatch)),
            (#"{"type":"frobnicate","id":4}"#, .unknownType),
            (#"{"type":"input","key":"enter"}"#, .notAttached),
            (#"{"type":"attach","id":5,"scene":"nowhere","width":10,"height":5}"#, .noSuchScene),
            (#"{"type":"set","id":6,"path":"/a","value":"# + String(repeating: "[", count: 100_000), .limitExceeded),
            (#"{"type":"hello","id":7,"versions":[1,1]}"#, .malformedMessage),
        ]
        for (line, code) in cases {
            client.send(line)
            guard case .error(_, let got, _, false)? = client.receive() else { Issue.record("no error for \(line.prefix(40))"); continue }
            #expect(got == code, "\(line.prefix(50))")
        }
        bystander.send(#"{"type":"get","id":2,"path":"/a"}"#)
        #expect(bystander.receive() == .value(id: 2, revision: 1, value: 1), "state unchanged, the bystander unaffected")
        client.send(String(repeating: "x", count: 17 << 20))
        guard case .error(nil, .framing, _, true)? = client.receive(timeout: 10) else { Issue.record("no framing error"); return }
        bystander.send(#"{"type":"ping","id":3}"#)
        #expect(bystander.receive() == .pong(id: 3))
    }

    @Test func aViewersScreenRebuiltFromItsFramesEqualsTheSnapshot() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        script.send(#"{"type":"set","id":1,"path":"/jobs","value":{"a":{"name":"build","status":"running"},"b":{"name":"test","status":"queued"}}}"#)
        _ = script.receive()
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(#"{"type":"attach","id":1,"scene":"jobs","width":30,"height":6}"#)
        #expect(viewer.receive() == .ok(id: 1, revision: nil))
        let screen = ScreenModel()
        screen.applyNextFrame(from: viewer)
        script.send(#"{"type":"snapshot","id":2,"scene":"jobs","width":30,"height":6}"#)
        guard case .snapshotText(2, let before)? = script.receive() else { Issue.record("no snapshot"); return }
        #expect(screen.text == before)
        #expect(before.contains("build") && before.contains("running"))

        script.send(#"{"type":"set","id":3,"path":"/jobs/b/status","value":"failed"}"#)
        _ = script.receive()
        screen.applyNextFrame(from: viewer)
        script.send(#"{"type":"snapshot","id":4,"scene":"jobs","width":30,"height":6}"#)
        guard case .snapshotText(4, let after)? = script.receive() else { Issue.record("no snapshot"); return }
        #expect(screen.text == after)
        #expect(after.contains("failed"))
    }

    @Test func aViewerThatDoesNotAcknowledgeGetsAtMostTwoFramesThenOneDiffToTheCurrentScreen() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let (viewer, screen, nextFlush) = attachedToJobs(daemon)
        #expect(nextFlush(5) == 1)
        script.send(#"{"type":"set","id":2,"path":"/jobs/a","value":{"name":"first","status":"queued"}}"#)
        _ = script.receive()
        #expect(nextFlush(5) == 2, "two frames unacknowledged")

        for index in 0..<100 {
            script.send(#"{"type":"set","id":\#(index + 10),"path":"/jobs/j\#(index % 5)","value":{"name":"job","status":"step \#(index)"}}"#)
            _ = script.receive()
        }
        usleep(100_000)
        #expect(nextFlush(0.5) == nil, "nothing is sent to a viewer that is behind")
        script.send(#"{"type":"stats","id":3}"#)
        guard case .statsReport(3, let stats)? = script.receive() else { Issue.record("no stats"); return }
        guard case .array(let viewers)? = stats["scenes"]?["jobs"]?["viewers"] else { Issue.record("no viewer stats"); return }
        #expect((viewers.first?["coalesced_frames"]?.intValue ?? 0) > 0)
        #expect(viewers.first?["unacknowledged"]?.intValue == 2)

        viewer.send(.ack(sequence: 2))
        #expect(nextFlush(5) == 3, "one frame takes the viewer to the current screen")
        script.send(#"{"type":"snapshot","id":4,"scene":"jobs","width":30,"height":8}"#)
        guard case .snapshotText(4, let current)? = script.receive() else { Issue.record("no snapshot"); return }
        #expect(screen.text == current)
    }

    /// A viewer attached to "jobs" at 30x8, the screen its frames build, and a way to wait for
    /// its next frame (its flush's sequence number, or nil when none came within the timeout).
    private func attachedToJobs(_ daemon: DaemonThread) -> (Client, ScreenModel, (_ timeout: Double) -> Int64?) {
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(#"{"type":"attach","id":1,"scene":"jobs","width":30,"height":8}"#)
        _ = viewer.receive()
        let screen = ScreenModel()
        return (viewer, screen, { timeout in
            while let message = viewer.receive(timeout: timeout) {
                if screen.apply(message) { return screen.lastFlush }
            }
            return nil
        })
    }

    /// A viewer that is behind is not laid out again until it acknowledges: its keys are handled
    /// over the boxes of the last screen it was sent, whose rows may have left the graph since.
    /// Keys over them must not reach what those rows' nodes no longer have (a crash before).
    @Test func aViewerThatIsBehindMaySendKeysOverRowsThatWereRemoved() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        script.send(#"{"type":"set","id":1,"path":"/jobs","value":{"a":{"name":"alpha","status":"ok"},"b":{"name":"bravo","status":"ok"},"c":{"name":"charlie","status":"ok"},"d":{"name":"delta","status":"ok"}}}"#)
        _ = script.receive()
        let (viewer, screen, nextFlush) = attachedToJobs(daemon)
        #expect(nextFlush(5) == 1)
        for key in ["down", "down", "down"] { viewer.send(#"{"type":"input","key":"\#(key)"}"#) }
        #expect(nextFlush(5) == 2, "focus moved: a second frame, and the viewer is now behind")
        // Rows it shows removed while it is behind: it is sent nothing, and keeps its boxes.
        script.send(#"{"type":"set","id":2,"path":"/jobs","value":{"a":{"name":"alpha","status":"ok"}}}"#)
        _ = script.receive()
        for key in ["down", "up", "tab", "space", "enter", "pagedown", "escape"] { viewer.send(#"{"type":"input","key":"\#(key)"}"#) }
        viewer.send(#"{"type":"input","key":"click","row":3,"col":1}"#)
        script.send(#"{"type":"ping","id":3}"#)
        #expect(script.receive(timeout: 5) == .pong(id: 3), "the daemon is alive")

        viewer.send(.ack(sequence: 2))
        #expect(nextFlush(5) == 3, "caught up")
        script.send(#"{"type":"snapshot","id":4,"scene":"jobs","width":30,"height":8}"#)
        guard case .snapshotText(4, let current)? = script.receive() else { Issue.record("no snapshot"); return }
        #expect(current.contains("alpha") && !current.contains("bravo"), "\(current)")
        #expect(screen.text.contains("alpha") && !screen.text.contains("bravo"), "the viewer shows the board as it is: \(screen.text)")
    }

    /// A sleeping thread woken costs more CPU than a small update's work (docs/BENCHMARKS.md,
    /// `peers`): with a viewer attached and nothing changing, nothing may wake the loop — no
    /// timer measuring its health, none pacing frames that are not due.
    @Test func anIdleDaemonsLoopDoesNotTurn() throws {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(#"{"type":"attach","id":1,"scene":"jobs","width":30,"height":8}"#)
        let screen = ScreenModel()
        while let message = viewer.receive(timeout: 5), !screen.apply(message) {}
        viewer.send(.ack(sequence: screen.lastFlush))
        func turns(_ id: RequestID) -> Int64? {
            script.send(.stats(id: id))
            guard case .statsReport(id, let stats)? = script.receive() else { return nil }
            return stats["loop"]?["turns"]?.intValue
        }
        usleep(100_000)
        // What asking costs: the turns between two requests with nothing between them.
        let first = try #require(turns(2)), second = try #require(turns(3))
        let asking = second - first
        // Longer than any period a health or pacing timer would have.
        usleep(500_000)
        let third = try #require(turns(4))
        #expect(third - second == asking, "turns while idle: \(third - second - asking)")
    }

    @Test func shutdownSaysByeToEveryClient() {
        let daemon = DaemonThread()
        let client = Client.hello(daemon.socket)
        daemon.shutDown()
        #expect(client.receive() == .bye(reason: "the daemon is shutting down"))
        #expect(client.receive(timeout: 1) == nil)
    }

    /// A script's `ok` leaves before the frame its change causes is drawn: the frame here cannot
    /// finish until the script has its `ok` (its body waits for it, ten seconds at most).
    @Test func aScriptsOkDoesNotWaitForTheFrameItsChangeCauses() {
        let daemon = DaemonThread { $0.register(scene: "gate", GatedView()) }
        defer { daemon.shutDown() }
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(#"{"type":"attach","id":1,"scene":"gate","width":20,"height":2}"#)
        #expect(viewer.receive() == .ok(id: 1, revision: nil))
        let screen = ScreenModel()
        screen.applyNextFrame(from: viewer)
        let script = Client.hello(daemon.socket)
        // Past the frame pacing's interval, so that the change is drawn in the turn it arrives.
        Thread.sleep(forTimeInterval: 0.1)
        script.send(#"{"type":"set","id":2,"path":"/gate","value":"hold"}"#)
        let ok = script.receive(timeout: 5)
        GatedView.released.signal()
        guard case .ok(2, _)? = ok else { Issue.record("the ok waited for the frame: \(String(describing: ok))"); return }
        screen.applyNextFrame(from: viewer)
        #expect(screen.grid.lines[0].hasPrefix("gate hold"), "\(screen.grid)")
    }
}

extension DaemonTests {
    /// A client pipelining more requests than a turn handles (`maximumRequestsPerTurn`) is served
    /// in turns, each turn's replies written before the next requests are handled; every request
    /// is answered, in order, and the last one's change is there.
    @Test func pipelinedRequestsAreHandledInTurnsOfBoundedLength() {
        let perTurn = DaemonConfiguration(socketPath: "").maximumRequestsPerTurn
        #expect(perTurn == 256)
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let client = Client.hello(daemon.socket)
        func turns(_ id: Int64) -> Int64? {
            client.send(.stats(id: RequestID(id)))
            guard case .statsReport(_, let stats)? = client.receive() else { return nil }
            return stats["loop"]?["turns"]?.intValue
        }
        let count = 8 * perTurn
        let before = turns(1)
        client.send((0..<count).map { #"{"type":"set","id":\#($0 + 10),"path":"/n","value":\#($0)}"# + "\n" }.joined())
        var answered: [Int64] = []
        while answered.count < count, case .ok(let id, _)? = client.receive() { answered.append(id.rawValue) }
        #expect(answered == (0..<count).map { Int64($0 + 10) })
        client.send(#"{"type":"get","id":2,"path":"/n"}"#)
        guard case .value(2, _, let value)? = client.receive() else { Issue.record("no value"); return }
        #expect(value == .int(Int64(count - 1)))
        guard let before, let after = turns(3) else { Issue.record("no stats"); return }
        #expect(after - before >= 8, "\(count) requests in \(after - before) turns")
    }

    @Test func aConfigurationHandlesAtLeastOneRequestPerTurn() {
        var configuration = DaemonConfiguration(socketPath: "")
        configuration.maximumRequestsPerTurn = 0
        #expect(configuration.maximumRequestsPerTurn == 1)
    }
}

/// A view whose body, once `/gate` holds "hold", waits until the test lets it go.
private struct GatedView: View {
    static let released = DispatchSemaphore(value: 0)
    @StoreValue("/gate") var gate: JSONValue?
    var body: some View {
        if gate == "hold" { _ = Self.released.wait(timeout: .now() + 10) }
        return Text("gate \(gate?.stringValue ?? "open")")
    }
}

@Suite("Update highlighting", .serialized)
struct HighlightTests {

    /// Seed 001 as a viewer sees it: one like in the pitfall marks every visible cell, in the fix one.
    @Test(arguments: [("seeds/likes-observed", true), ("seeds/likes", false)])
    func theLikesPitfallMarksEveryVisibleCellAndTheFixOneCell(scene: String, pitfall: Bool) {
        let daemon = DaemonThread { $0.register(scenes: BuiltInScenes.all()) }
        defer { daemon.shutDown() }
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: scene, width: 40, height: 12, highlight: true))
        _ = viewer.receive()
        let screen = ScreenModel()
        screen.applyNextFrame(from: viewer)
        viewer.send(.input(InputEvent(key: .tab)))
        screen.applyNextFrame(from: viewer)
        viewer.send(.input(InputEvent(key: .enter)))
        let rects = screen.applyNextFrame(from: viewer)
        let lines = screen.grid.lines
        let itemRows = lines.indices.filter { lines[$0].hasPrefix("item ") }
        let marked = Set(rects.map(\.row)).intersection(itemRows)
        #expect(lines.contains { $0.hasPrefix("item 0") && $0.contains("♥") }, "\(screen.grid)")
        #expect(itemRows.count >= 5)
        #expect(marked.count == (pitfall ? itemRows.count : 1), "marked rows \(marked.sorted()) of \(itemRows)")
    }

    @Test func aViewerAskingForHighlightsGetsTheRectanglesReEvaluatedInEachFrame() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        script.send(#"{"type":"set","id":1,"path":"/jobs","value":{"a":{"name":"build","status":"ok"},"b":{"name":"test","status":"queued"}}}"#)
        _ = script.receive()
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: "jobs", width: 30, height: 8, highlight: true))
        _ = viewer.receive()
        let screen = ScreenModel()
        screen.applyNextFrame(from: viewer)
        script.send(#"{"type":"set","id":2,"path":"/jobs/b/status","value":"failed"}"#)
        _ = script.receive()
        let rects = screen.applyNextFrame(from: viewer)
        let row = screen.grid.lines.firstIndex { $0.contains("failed") }
        #expect(row != nil)
        #expect(rects.count == 1, "only the changed job's row was re-evaluated: \(rects) in\n\(screen.grid)")
        #expect(rects.first.map { $0.row == row! && $0.height == 1 } == true)
    }
}
