import Foundation
import Glibc
import LoomClient
import LoomDaemon
import LoomJSON
import LoomWire

/// `memory`: the real `loomd` program (next to `loom-bench`), its resident memory idle, with
/// a million rows in a list a viewer shows, per attached viewer; and how long it takes to say
/// READY=1 to systemd with an empty store.
enum MemoryBenchmark {
    static func run() -> [Figure] {
        do {
            let directory = NSTemporaryDirectory() + "loom-bench-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let (process, readyMilliseconds) = try startDaemon(in: directory)
            defer { process.terminate(); process.waitUntilExit() }
            let socket = directory + "/loom.sock"
            let idle = residentKilobytes(process.processIdentifier)

            // Idle connections, past their hello: what each costs the daemon.
            let idleCount = Bench.quick ? 10 : 1_000
            var idleConnections: [DaemonConnection] = []
            for _ in 0..<idleCount {
                let connection = try DaemonConnection(socketPath: socket)
                try connection.handshake(role: .observer)
                idleConnections.append(connection)
            }
            let withIdle = residentKilobytes(process.processIdentifier)
            idleConnections.removeAll()
            let idleBase = residentKilobytes(process.processIdentifier)

            let viewerCount = Bench.quick ? 4 : 100
            let viewers = try BenchViewers(count: viewerCount, socket: socket, scene: "dashboard")
            let withViewers = residentKilobytes(process.processIdentifier)
            _ = viewers

            let rows = Bench.quick ? 10_000 : 1_000_000
            let control = try DaemonConnection(socketPath: socket)
            try control.handshake(role: .control)
            let chunk = 5_000   // under the store's 10,000 operations per transaction
            for start in stride(from: 0, to: rows, by: chunk) {
                var jobs = JSONObject()
                for index in start..<min(rows, start + chunk) {
                    jobs["job-\(index)"] = ["name": .string("job \(index)"), "status": "running", "progress": .double(Double(index % 100) / 100)]
                }
                guard case .ok = try control.request({ .merge(id: $0, path: "/jobs", value: .object(jobs)) }) else { throw BenchFailure("the daemon refused the jobs from \(start)") }
            }
            // Every viewer shows the list of a million jobs before memory is read.
            _ = viewers.waitForFlushes(after: viewers.flushes.map { $0 + 1 }, timeoutMilliseconds: 60_000)
            let loaded = residentKilobytes(process.processIdentifier)

            // The loop is held for as long as one request takes: the largest of each kind.
            let side = Int(Double(DaemonConfiguration(socketPath: "").maximumScreenCells).squareRoot())
            let snapshotMilliseconds = try milliseconds(control) { .snapshot(id: $0, scene: "dashboard", width: side, height: side, markup: false) }
            let big = JSONValue.string(String(repeating: "x", count: 1 << 20))
            for index in 0..<15 {
                guard case .ok = try control.request({ .set(id: $0, path: "/big/\(index)", value: big) }) else { throw BenchFailure("the daemon refused /big") }
            }
            let getMilliseconds = try milliseconds(control) { .get(id: $0, path: "/big") }
            return [
                Figure(key: "rss_per_idle_connection_kb", value: (withIdle - idle) / Double(idleCount), unit: "KB",
                       meaning: "added per connection that said hello and waits (\(idleCount) of them; \(Int(idleBase - idle)) KB kept after they closed)"),
                Figure(key: "loop_stall_snapshot_largest_ms", value: snapshotMilliseconds, unit: "ms",
                       meaning: "a snapshot of the largest screen served (\(side)x\(side)) of the dashboard with \(rows) jobs: the loop serves nobody else meanwhile"),
                Figure(key: "loop_stall_get_15mb_ms", value: getMilliseconds, unit: "ms",
                       meaning: "a get of a 15 MB value (a reply a little under the 16 MiB one message may hold), round trip"),
                Figure(key: "ready_ms", value: readyMilliseconds, unit: "ms", meaning: "loomd started to READY=1, empty store (target <= 50)"),
                Figure(key: "rss_idle_mb", value: idle / 1_024, unit: "MB", meaning: "loomd's resident memory, ready, no client"),
                Figure(key: "rss_per_viewer_kb", value: (withViewers - idle) / Double(viewerCount), unit: "KB", meaning: "added per viewer attached to the dashboard (\(viewerCount) viewers of mixed sizes)"),
                Figure(key: "rss_1m_rows_mb", value: loaded / 1_024, unit: "MB", meaning: "loomd's resident memory with \(rows) jobs in the dashboard's list, \(viewerCount) viewers (target <= 300)"),
            ]
        } catch {
            Bench.failed("memory", error)
        }
    }

    /// Starts loomd with a notification socket standing in for systemd's; returns once it says READY=1.
    private static func startDaemon(in directory: String) throws -> (Process, Double) {
        let notifyPath = directory + "/notify"
        let notifications = UnixSocketAddress.socket(SOCK_DGRAM)
        defer { close(notifications) }
        guard UnixSocketAddress(notifyPath)?.withSocketAddress({ bind(notifications, $0, $1) }) == 0 else {
            throw BenchFailure("cannot bind \(notifyPath)")
        }
        let process = Process()
        process.executableURL = Bench.program("loomd")
        process.arguments = ["--ephemeral", "--socket", directory + "/loom.sock", "--log-level", "error"]
        process.environment = ["NOTIFY_SOCKET": notifyPath]
        let start = ContinuousClock.now
        try process.run()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var poller = pollfd(fd: notifications, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 10_000) > 0 {
            let count = recv(notifications, &buffer, buffer.count, 0)
            if count > 0, String(decoding: buffer[0..<count], as: UTF8.self).hasPrefix("READY=1") {
                return (process, Bench.microseconds(ContinuousClock.now - start) / 1_000)
            }
        }
        process.terminate()
        throw BenchFailure("loomd did not say READY=1 (is it built next to loom-bench?)")
    }

    /// Round-trip milliseconds of one request.
    private static func milliseconds(_ connection: DaemonConnection, _ make: (RequestID) -> Message) throws -> Double {
        let start = ContinuousClock.now
        if case .error(_, let code, let message, _) = try connection.request(make) { throw BenchFailure("\(code): \(message)") }
        return Bench.microseconds(ContinuousClock.now - start) / 1_000
    }

    /// VmRSS of a process, in kilobytes.
    private static func residentKilobytes(_ pid: Int32) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
}
