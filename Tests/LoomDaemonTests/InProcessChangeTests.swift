import Foundation
import LoomDaemon
import LoomGraph
import LoomJSON
import LoomLoop
import LoomStoreViews
import LoomTestSupport
import LoomWire
import Observation
import Testing

/// A model the scene author passes in, changed by code in the daemon's process.
@Observable
final class Ticker: @unchecked Sendable {
    var count = 0
}

private struct TickerView: View {
    let ticker: Ticker
    var body: some View { Text("tick \(ticker.count)") }
}

private struct StoreTickView: View {
    @StoreValue var tick: JSONValue?
    init() { _tick = StoreValue(pointer("/tick")) }
    var body: some View { Text("store \(tick?.intValue ?? -1)") }
}

/// Holds what a test's daemon-side code keeps alive (a timer, a thread's flag).
private final class Keep: @unchecked Sendable {
    var timer: LoopTimer?
    var stop = false
}

/// Changes that come from inside the daemon's process — a timer on its loop, a thread of the
/// scene author's, Swift code writing the store — reach the screen as a client's change does:
/// whatever a body read, a change to it is drawn within a paced frame, with no client traffic.
@Suite("Changes from inside the daemon", .serialized)
struct InProcessChangeTests {
    /// The viewer's screen, once it shows `text` (acknowledging every frame), or nil after `timeout` seconds.
    private func screen(of viewer: Client, showing text: String, timeout: Double = 5) -> String? {
        let screen = ScreenModel()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let message = viewer.receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { return nil }
            if screen.apply(message) {
                viewer.send(.ack(sequence: screen.lastFlush))
                if screen.text.contains(text) { return screen.text }
            }
        }
        return nil
    }

    private func attachedViewer(_ daemon: DaemonThread, scene: String) -> Client {
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: scene, width: 20, height: 3))
        #expect(viewer.receive() == .ok(id: 1, revision: nil))
        return viewer
    }

    @Test func aModelATimerOnTheLoopChangesIsDrawn() {
        let keep = Keep()
        let daemon = DaemonThread { daemon in
            let ticker = Ticker()
            daemon.register(scene: "ticks", TickerView(ticker: ticker))
            keep.timer = try? LoopTimer(loop: daemon.loop)
            keep.timer?.start(after: 20, every: 20) { ticker.count += 1 }
        }
        defer { daemon.shutDown() }
        let viewer = attachedViewer(daemon, scene: "ticks")
        #expect(screen(of: viewer, showing: "tick 5") != nil, "the timer's changes were not drawn")
    }

    @Test func aModelAnotherThreadChangesIsDrawn() {
        let keep = Keep()
        let ticker = Ticker()
        let daemon = DaemonThread { $0.register(scene: "ticks", TickerView(ticker: ticker)) }
        defer {
            keep.stop = true
            daemon.shutDown()
        }
        let viewer = attachedViewer(daemon, scene: "ticks")
        Thread {
            while !keep.stop {
                ticker.count += 1
                usleep(20_000)
            }
        }.start()
        #expect(screen(of: viewer, showing: "tick 5") != nil, "changes made on another thread were not drawn")
    }

    @Test func aStoreWriteOfSwiftCodeInTheDaemonIsDrawn() {
        let keep = Keep()
        let daemon = DaemonThread { daemon in
            daemon.register(scene: "store", StoreTickView())
            var tick = 0
            keep.timer = try? LoopTimer(loop: daemon.loop)
            keep.timer?.start(after: 20, every: 20) {
                tick += 1
                _ = try? daemon.store.set(.int(Int64(tick)), at: pointer("/tick"))
            }
        }
        defer { daemon.shutDown() }
        let viewer = attachedViewer(daemon, scene: "store")
        #expect(screen(of: viewer, showing: "store 5") != nil, "the store writes were not drawn")
    }
}
