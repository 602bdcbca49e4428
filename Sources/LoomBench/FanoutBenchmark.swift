import Foundation
import LoomClient
import LoomDaemon
import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomSceneDocuments
import LoomStoreViews
import LoomWire

/// `fanout` and `throughput`: a daemon (in this process, on its own thread) serving a lazy list
/// of store rows, viewers attached through the real protocol, and a control client changing
/// one row's field.
enum FanoutBenchmark {
    /// The scene: `/rows` is an array of `{"value": N}`; each row reads only its own element.
    struct Rows: View {
        @StoreMembers var rows: [StoreMember]
        init(path: String = "/rows") { _rows = StoreMembers(path) }
        var body: some View { List(rows) { RowLine(id: $0.id, path: $0.path) } }
    }

    struct RowLine: View {
        let id: String
        @StoreValue var row: JSONValue?
        init(id: String, path: JSONPointer) {
            self.id = id
            _row = StoreValue(path)
        }
        var body: some View {
            HStack {
                Text("row \(id)").frame(width: 12, alignment: .leading)
                Text("value \(row?["value"]?.description ?? "-")")
                Spacer()
            }
        }
    }

    /// `Rows` of `/own-rows` (a copy of `/rows`, so that changes to either reach one scene's
    /// graphs only) under a button that changes a `@State`: a viewer that presses it has a
    /// graph of its own (each viewer is a window), so every mutation is evaluated and drawn
    /// once per viewer that pressed.
    struct OwnRows: View {
        @State private var presses = 0
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Button("pressed \(presses)") { presses += 1 }
                Rows(path: "/own-rows")
            }
        }
    }

    /// A daemon serving `Rows` over `count` rows as `rows` and as a scene document, as an
    /// operator declares a board (`rows-document`, `SceneBenchmark`'s document; with `ownRows`,
    /// `OwnRows` too), and a control connection to it.
    static func start(rows count: Int, ownRows: Bool = false) throws -> (DaemonThread, DaemonConnection) {
        let document = try SceneDocument.compile(Array(SceneBenchmark.document.utf8))
        let daemon = DaemonThread {
            $0.register(scene: "rows", Rows())
            $0.register(scene: "rows-document", SceneDocumentView(model: SceneDocumentModel(document)))
            if ownRows { $0.register(scene: "own-rows", OwnRows()) }
        }
        let control = try DaemonConnection(socketPath: daemon.socket)
        try control.handshake(role: .control)
        let rows = JSONValue.array((0..<count).map { ["value": .int(Int64($0))] })
        for path in ownRows ? ["/rows", "/own-rows"] : ["/rows"] {
            guard case .ok = try control.request({ .set(id: $0, path: path, value: rows) }) else { throw BenchFailure("the daemon refused the rows") }
        }
        return (daemon, control)
    }

    static func fanout() -> [Figure] {
        let rows = Bench.quick ? 1_000 : 100_000
        do {
            // With --viewers (profiling the shared case), nothing else in the daemon.
            let (daemon, control) = try start(rows: rows, ownRows: Bench.viewers == nil)
            defer { daemon.shutDown() }
            var figures: [Figure] = []
            for count in Bench.viewers.map({ [$0] }) ?? [1, 4, 16, 256] {
                let viewers = try BenchViewers(count: count, socket: daemon.socket, scene: Bench.document ? "rows-document" : "rows")
                figures += measure(viewers, count: count, suffix: "\(count)", rows: rows, path: "/rows", daemon: daemon, control: control,
                                   state: "all sharing one graph")
                viewers.closeAndLetTheDaemonSettle()
            }
            // Every viewer with a view state of its own: the same mutation, one graph per viewer.
            // Not with --viewers, which profiles the shared case alone.
            guard Bench.viewers == nil else { return figures }
            let viewers = try BenchViewers(count: 16, socket: daemon.socket, scene: "own-rows")
            viewers.press([.down, .enter])
            figures += measure(viewers, count: 16, suffix: "16_own", rows: rows, path: "/own-rows", daemon: daemon, control: control,
                               state: "each with its own view state (it pressed a @State button)")
            return figures
        } catch {
            Bench.failed("fanout", error)
        }
    }

    /// Sets one row's field `mutations` times, each from an idle daemon, and times each viewer's flush.
    private static func measure(_ viewers: BenchViewers, count: Int, suffix: String, rows: Int, path: String, daemon: DaemonThread,
                                control: DaemonConnection, state: String) -> [Figure] {
        let mutations = Bench.mutations ?? (Bench.quick ? 20 : 300)
        // Not measured: the first frames after viewers attach fill the caches (layouts kept per
        // geometry, drawings, allocations) and take several milliseconds each, once.
        let warmUp = Bench.quick ? 2 : 10
        var latencies: [Double] = []
        var cpu = daemon.cpuNanoseconds
        for index in 0..<(warmUp + mutations) {
            if index == warmUp {
                latencies.removeAll()
                cpu = daemon.cpuNanoseconds
            }
            let targets = viewers.flushes.map { $0 + 1 }
            var seen = Set<Int>()
            let start = ContinuousClock.now
            control.send(.set(id: control.takeID(), path: "\(path)/\(index % 10)/value", value: .int(Int64(1_000_000 + index))))
            // Acknowledged once every viewer has its frame (see `BenchViewers.pump`).
            while seen.count < count {
                _ = viewers.pump(timeoutMilliseconds: 1_000, deferringAcknowledgements: true) { viewer in
                    guard !seen.contains(viewer), viewers.flushes[viewer] >= targets[viewer] else { return }
                    seen.insert(viewer)
                    latencies.append(Bench.microseconds(ContinuousClock.now - start))
                }
                if ContinuousClock.now - start > .seconds(10) { break }
            }
            viewers.acknowledge()
            _ = try? control.receive(blocking: true)     // the `ok`
            // Past the frame pacing interval, so each mutation is measured from an idle daemon.
            let rest = .milliseconds(20) - (ContinuousClock.now - start)
            if rest > .zero { Thread.sleep(forTimeInterval: Double(rest.components.attoseconds) / 1e18) }
        }
        let daemonMicroseconds = Double(daemon.cpuNanoseconds - cpu) / 1_000 / Double(mutations)
        latencies.sort()
        let percentile = { (p: Double) in latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        return [
            Figure(key: "p50_us_\(suffix)", value: percentile(0.5), unit: "us",
                   meaning: "mutation written to a viewer's flush received, \(count) viewer(s) \(state), \(rows) rows (median)"),
            Figure(key: "p99_us_\(suffix)", value: percentile(0.99), unit: "us",
                   meaning: "the same, 99th percentile (targets: <= 1,000 at 16, <= 5,000 at 256)"),
            Figure(key: "max_us_\(suffix)", value: latencies.last ?? 0, unit: "us", meaning: "the same, worst of \(latencies.count)"),
            Figure(key: "daemon_cpu_us_\(suffix)", value: daemonMicroseconds, unit: "us",
                   meaning: "daemon CPU per mutation: the set, its frame for every viewer, the acknowledgements"),
        ]
    }

    static func throughput() -> [Figure] {
        let seconds = Bench.quick ? 0.5 : 10.0
        do {
            let (daemon, control) = try start(rows: Bench.quick ? 1_000 : 100_000)
            defer { daemon.shutDown() }
            let viewers = try BenchViewers(count: 16, socket: daemon.socket, scene: "rows")
            var figures: [Figure] = []
            for (name, operations, window) in [("pipelined", 1, 1_024), ("tx100", 100, 32)] {
                let before = viewers.flushes.reduce(0, +)
                var sent = 0, acknowledged = 0
                let start = ContinuousClock.now
                let end = start + .milliseconds(Int(seconds * 1_000))
                while ContinuousClock.now < end || acknowledged < sent {
                    // Requests pipelined as a client would: everything the window allows, in one write.
                    var batch: [Message] = []
                    while sent - acknowledged < window && ContinuousClock.now < end {
                        let base = sent % 10_000
                        if operations == 1 {
                            batch.append(.set(id: control.takeID(), path: "/rows/\(base % 50)/value", value: .int(Int64(sent))))
                        } else {
                            let patch: [JSONValue] = (0..<operations).map { offset in
                                ["op": "replace", "path": .string("/rows/\((base + offset) % 50)/value"), "value": .int(Int64(sent + offset))]
                            }
                            batch.append(.patch(id: control.takeID(), patch: .array(patch)))
                        }
                        sent += 1
                    }
                    if !batch.isEmpty { control.send(batch) }
                    if viewers.pump(timeoutMilliseconds: 100, extra: control.input) {
                        acknowledged += try control.receive().filter { if case .ok = $0 { true } else { false } }.count
                    }
                }
                let elapsed = Bench.microseconds(ContinuousClock.now - start) / 1e6
                let frames = Double(viewers.flushes.reduce(0, +) - before) / 16 / elapsed
                figures += [
                    Figure(key: "mutations_per_s_\(name)", value: Double(acknowledged * operations) / elapsed, unit: "/s",
                           meaning: operations == 1 ? "single-field sets pipelined on one connection, acknowledged, 16 viewers attached (target >= 300,000)"
                                                    : "single-field operations in transactions of 100, acknowledged, 16 viewers attached"),
                    Figure(key: "frames_per_s_per_viewer_\(name)", value: frames, unit: "/s", meaning: "frames each viewer received meanwhile (paced at 60/s at most)"),
                ]
            }
            return figures
        } catch {
            Bench.failed("throughput", error)
        }
    }
}
