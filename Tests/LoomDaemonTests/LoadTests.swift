import Foundation
import Glibc
import LoomDaemon
import LoomJSON
import LoomLayout
import LoomWire
import Testing

/// A viewer client that keeps its screen model and acknowledges every frame.
private final class ViewerClient {
    let client: Client
    let screen = ScreenModel()
    let width: Int, height: Int

    init(_ socket: String, scene: String = "jobs", width: Int, height: Int) {
        self.width = width
        self.height = height
        client = Client.hello(socket, role: .viewer)
        client.send(.attach(id: 1, scene: scene, width: width, height: height))
    }

    /// Applies what has arrived, acknowledging frames, until nothing came for `quiet` seconds.
    func drain(quiet: Double = 0.05) {
        while let message = client.receive(timeout: quiet) {
            if screen.apply(message) { client.send(.ack(sequence: screen.lastFlush)) }
        }
    }
}

@Suite("The daemon under load", .serialized)
struct LoadTests {
    @Test func sixteenViewersOfMixedSizesSeeExactlyTheSnapshotAfterAThousandRandomMutations() {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let sizes = (0..<16).map { index in (width: 20 + (index * 13) % 80, height: 4 + (index * 7) % 26) }
        let viewers = sizes.map { ViewerClient(daemon.socket, width: $0.width, height: $0.height) }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            for step in 0..<50 {
                let job = Int.random(in: 0..<30, using: &generator)
                let id = round * 100 + step + 10
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: script.send(#"{"type":"set","id":\#(id),"path":"/jobs/j\#(job)","value":{"name":"job \#(job)","status":"queued"}}"#)
                case 1: script.send(#"{"type":"merge","id":\#(id),"path":"/jobs/j\#(job)","value":{"status":"running \#(step)"}}"#)
                case 2: script.send(#"{"type":"patch","id":\#(id),"patch":[{"op":"remove","path":"/jobs/j\#(job)"}]}"#)
                default: script.send(#"{"type":"set","id":\#(id),"path":"/jobs/j\#(job)/name","value":"日本 \#(step) 👨‍👩‍👧"}"#)
                }
                _ = script.receive()                                  // ok, or an error for a missing job
            }
            for viewer in viewers { viewer.drain(quiet: 0.005) }
        }
        for viewer in viewers { viewer.drain(quiet: 0.2) }
        for (index, viewer) in viewers.enumerated() {
            script.send(.snapshot(id: RequestID(Int64(5_000 + index)), scene: "jobs", width: viewer.width, height: viewer.height, markup: false))
            guard case .snapshotText(_, let expected)? = script.receive() else { Issue.record("no snapshot"); continue }
            #expect(viewer.screen.text == expected, "viewer \(index) (\(viewer.width)x\(viewer.height))")
        }
    }

    @Test func aStalledViewerCostsBoundedMemoryDelaysNoOneAndConvergesWhenItReads() {
        // The real loomd, so its memory is measured alone (tests run in parallel in this process).
        let daemon = DaemonProcess()
        defer { daemon.kill() }
        let script = Client.hello(daemon.socket)
        let stalled = Client.hello(daemon.socket, role: .viewer)
        stalled.send(.attach(id: 1, scene: "dashboard", width: 60, height: 20))
        let live = ViewerClient(daemon.socket, scene: "dashboard", width: 60, height: 20)
        usleep(100_000)
        live.drain()
        let memory = daemon.residentKilobytes
        let framesBefore = live.screen.lastFlush

        // 100,000 mutations, pipelined 500 at a time.
        for batch in 0..<200 {
            var lines = ""
            for step in 0..<500 {
                let index = batch * 500 + step
                lines += #"{"type":"set","id":\#(index + 10),"path":"/jobs/j\#(index % 40)","value":{"name":"job","status":"step \#(index)"}}"# + "\n"
            }
            script.send(Array(lines.utf8))
            for _ in 0..<500 { _ = script.receive() }
            live.drain(quiet: 0.001)
        }
        live.drain(quiet: 0.2)
        let grown = daemon.residentKilobytes - memory
        #expect(grown < 10_240, "RSS grew by \(grown) KB while one viewer did not read")
        #expect(live.screen.lastFlush > framesBefore + 10, "the reading viewer kept getting frames")

        let late = ScreenModel()
        while let message = stalled.receive(timeout: 0.5) {
            if late.apply(message) { stalled.send(.ack(sequence: late.lastFlush)) }
        }
        script.send(.snapshot(id: 1, scene: "dashboard", width: 60, height: 20, markup: false))
        guard case .snapshotText(1, let current)? = script.receive() else { Issue.record("no snapshot"); return }
        #expect(late.text == current, "the stalled viewer converged to the current screen")
        #expect(live.screen.text == current)
    }
}
