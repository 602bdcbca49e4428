import Glibc
import LoomDaemon
import LoomJSON
import LoomScenes
import LoomTestSupport
import LoomWire
import Testing

/// Every connection's output is bounded (`OutputBudget`): a client that does not read costs the
/// daemon a bounded amount of memory and never slows anyone else, whatever it asked for.
@Suite("Output budgets", .serialized)
struct OutputBudgetTests {
    /// 100,000 changes of a kilobyte each (100 MB if queued) while one watcher does not read:
    /// the daemon holds each changed path once; when the watcher reads again it catches up to
    /// exactly what the store holds.
    @Test func aWatcherThatDoesNotReadCostsBoundedMemoryAndCatchesUpExactly() throws {
        let daemon = DaemonProcess()
        defer { daemon.kill() }
        let watcher = Client.hello(daemon.socket)
        watcher.send(.watch(id: -3, paths: [""]))
        let script = Client.hello(daemon.socket)
        let bystander = Client.hello(daemon.socket)
        usleep(100_000)
        let memory = daemon.residentKilobytes
        let kilobyte = String(repeating: "k", count: 1_000)
        for batch in 0..<200 {
            var lines = ""
            for step in 0..<500 {
                let index = batch * 500 + step
                lines += #"{"type":"set","id":\#(index),"path":"/w/p\#(index % 1_000)","value":"\#(index) \#(kilobyte)"}"# + "\n"
            }
            script.send(Array(lines.utf8))
            for _ in 0..<500 { _ = script.receive() }
            bystander.send(.ping(id: RequestID(Int64(batch))))
            #expect(bystander.receive() == .pong(id: RequestID(Int64(batch))), "the others are answered")
        }
        let grown = daemon.residentKilobytes - memory
        #expect(grown < 20_480, "RSS grew by \(grown) KB while a watcher did not read 100 MB of changes")

        var replica: JSONValue = [:]
        guard case .ok(-3, _)? = watcher.receive() else { Issue.record("no ok for the watch"); return }
        while let message = watcher.receive(timeout: 1) {
            guard case .changed(-3, _, let path, let value) = message else { continue }
            replica.replay(path: try JSONPointer(path), value: value)
        }
        script.send(.get(id: 1, path: ""))
        guard case .value(1, _, let current?)? = script.receive() else { Issue.record("no value"); return }
        #expect(replica == current, "the watcher holds what the store holds")
    }

    /// A tracer that does not read loses evaluations, and is told how many once it reads.
    /// A budget small enough to see the policies fire quickly (the kernel's socket buffer, about
    /// 200 KB, fills first).
    private static func smallBudget(_ configuration: inout DaemonConfiguration) {
        configuration.outputBudget.highMark = 64 << 10
        configuration.outputBudget.lowMark = 16 << 10
    }

    @Test func aTracerThatDoesNotReadIsToldHowManyEvaluationsItLost() {
        let daemon = DaemonThread(configure: { $0.register(scenes: BuiltInScenes.all()) }, adjusting: Self.smallBudget)
        defer { daemon.shutDown() }
        let tracer = Client.hello(daemon.socket)
        tracer.send(.trace(id: 1, scene: nil))
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 2, scene: "dashboard", width: 80, height: 20))
        let script = Client.hello(daemon.socket)
        for batch in 0..<400 {
            var lines = ""
            for step in 0..<100 {
                let index = batch * 100 + step
                lines += #"{"type":"set","id":\#(index),"path":"/jobs/j\#(index % 10)","value":{"name":"a name long enough to weigh \#(index)","status":"ok"}}"# + "\n"
            }
            script.send(Array(lines.utf8))
            for _ in 0..<100 { _ = script.receive() }
            while let message = viewer.receive(timeout: 0.001) { if case .flush(let sequence) = message { viewer.send(.ack(sequence: sequence)) } }
        }
        var evaluations = 0, dropped: Int64 = 0
        while let message = tracer.receive(timeout: 1) {
            if case .evaluation = message { evaluations += 1 }
            if case .dropped("trace", let count) = message { dropped += count }
        }
        #expect(evaluations > 0)
        #expect(dropped > 0, "\(evaluations) evaluations arrived and none was said to be lost")
    }

    /// A script that pipelines requests without reading their replies is read no further once
    /// its unread replies pass the budget (backpressure): the daemon holds the budget, not 200 MB
    /// of replies, others are served meanwhile, and when the script reads it gets every reply.
    @Test func aClientThatAsksWithoutReadingIsReadNoFurtherUntilItReadsAndLosesNothing() {
        let daemon = DaemonProcess()
        defer { daemon.kill() }
        let script = Client.hello(daemon.socket)
        script.send(.set(id: 1, path: "/big", value: .string(String(repeating: "b", count: 100_000))))
        _ = script.receive()
        let memory = daemon.residentKilobytes
        do {
            let greedy = Client.hello(daemon.socket)
            // 2,000 gets in one write (it fits in the socket's buffer): 200 MB of replies if they were kept.
            greedy.send(Self.gets(2_000))
            usleep(500_000)
            #expect(daemon.residentKilobytes - memory < 20_480, "RSS grew by \(daemon.residentKilobytes - memory) KB")
            script.send(.ping(id: 3))
            #expect(script.receive() == .pong(id: 3), "others are served meanwhile")
        }
        // Every reply arrives once the client reads: 200 (20 MB, five budgets) counted as lines
        // and bytes (decoding 20 MB of JSON would be the test's time, not the daemon's).
        let reader = Client.hello(daemon.socket)
        reader.send(Self.gets(200))
        usleep(300_000)
        let reply = JSONCodec.line(.value(id: 2, revision: 1, value: .string(String(repeating: "b", count: 100_000)))).count
        var lines = 0, bytes = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var poller = pollfd(fd: reader.descriptor, events: Int16(POLLIN), revents: 0)
        while lines < 200, poll(&poller, 1, 5_000) > 0 {
            let count = read(reader.descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += count
            lines += chunk[0..<count].count { $0 == 0x0A }
        }
        #expect(lines == 200 && bytes == 200 * reply, "\(lines) lines, \(bytes) bytes")
    }

    /// `count` gets of `/big` as JSON lines, in one piece.
    private static func gets(_ count: Int) -> [UInt8] {
        Array(String(repeating: #"{"type":"get","id":2,"path":"/big"}"# + "\n", count: count).utf8)
    }
}
