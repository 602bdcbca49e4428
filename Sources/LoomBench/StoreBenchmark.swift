import Foundation
import LoomJSON
import LoomStore

/// Store figures (issue: "the document store"): durable transaction throughput, restore time
/// and memory at 1M small objects, and our JSON decoder against Foundation's.
enum StoreBenchmark {
    static func run() -> [Figure] {
        let directory = NSTemporaryDirectory() + "loom-bench-store-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var figures: [Figure] = []
        figures.append(Figure(key: "patches_per_s_batched", value: operationsPerSecond(directory: directory + "/batched", operationsPerTransaction: 100),
                              unit: "ops/s", meaning: "single-field operations, 100 per transaction, each transaction committed durably (fsync)"))
        figures.append(Figure(key: "patches_per_s_single_durable", value: operationsPerSecond(directory: directory + "/single", operationsPerTransaction: 1),
                              unit: "ops/s", meaning: "one-operation transactions, each committed durably on its own (fsync each)"))
        figures.append(Figure(key: "patches_per_s_single_grouped", value: operationsPerSecond(directory: directory + "/grouped", operationsPerTransaction: 1, transactionsPerCommit: 100),
                              unit: "ops/s", meaning: "one-operation transactions, 100 per group commit (a busy loop turn)"))

        let (clean, unclean) = restartMilliseconds(directory: directory + "/restart", transactions: 100_000)
        figures.append(Figure(key: "restart_ms", value: clean, unit: "ms",
                              meaning: "open the store after 100k one-field transactions and a clean shutdown (a snapshot, nothing to replay)"))
        figures.append(Figure(key: "restart_ms_after_kill", value: unclean, unit: "ms",
                              meaning: "the same after SIGKILL at the worst moment: the journal holds its longest (compaction interval − 1 entries) to replay"))

        let seventeenMegabytes = smallObjects(count: 170_000).document
        figures.append(Figure(key: "compaction_17mb_ms", value: compactionMilliseconds(directory: directory + "/compaction", document: seventeenMegabytes), unit: "ms",
                              meaning: "write a snapshot of a 17 MB store at once (what a clean shutdown does)"))
        let (stall, commits) = snapshotStall(directory: directory + "/stall", document: seventeenMegabytes)
        figures.append(Figure(key: "snapshot_stall_17mb_ms", value: stall, unit: "ms",
                              meaning: "the longest commit while a 17 MB store makes its snapshot (the text on a background thread, then \(commits) commits storing a part each): what the loop is held for"))

        let (text, document) = smallObjects(count: 1_000_000)
        let (restoreMilliseconds, rssMegabytes) = restore(document, directory: directory + "/restore")
        figures.append(Figure(key: "restore_1m_ms", value: restoreMilliseconds, unit: "ms", meaning: "open a state directory holding 1M small objects (snapshot) and restore it"))
        figures.append(Figure(key: "rss_1m_mb", value: rssMegabytes, unit: "MB", meaning: "resident memory added by a store of 1M small objects"))
        let megabytes = Double(text.count) / 1e6
        figures.append(Figure(key: "json_decode_mb_per_s", value: megabytes / seconds { _ = try? JSONParser.parse(text, limits: unlimited) },
                              unit: "MB/s", meaning: "LoomStore's JSONParser into JSONValue, \(Int(megabytes)) MB of 1M small objects"))
        figures.append(Figure(key: "foundation_json_decode_mb_per_s", value: megabytes / seconds { _ = try? JSONSerialization.jsonObject(with: Data(text)) },
                              unit: "MB/s", meaning: "Foundation's JSONSerialization on the same text"))
        return figures
    }

    private static var unlimited: JSONLimits {
        var limits = JSONLimits()
        limits.maximumBytes = .max
        return limits
    }

    private static func seconds(_ work: () -> Void) -> Double {
        Measure.median((0..<3).map { _ in Measure.nanoseconds(work) }) / 1e9
    }

    private static func operationsPerSecond(directory: String, operationsPerTransaction: Int, transactionsPerCommit: Int = 1) -> Double {
        guard let store = try? Store(stateDirectory: directory) else { return 0 }
        _ = try? store.set(["fields": [:]], at: .root)
        let pointers = (0..<100).map { try! JSONPointer("/fields/f\($0)") }
        var operations = 0
        var round: Int64 = 0
        let deadline = ContinuousClock.now + .seconds(2)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            while ContinuousClock.now < deadline {
                for _ in 0..<transactionsPerCommit {
                    round += 1
                    let batch = (0..<operationsPerTransaction).map { PatchOperation.add(pointers[($0 + Int(round)) % 100], .int(round)) }
                    _ = try? store.apply(batch)
                    operations += batch.count
                }
                _ = try? store.commit()
            }
        }
        return Double(operations) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Milliseconds to open a store of `transactions` one-field transactions (to 1,000 jobs,
    /// committed 100 per turn): after a clean shutdown (what `Daemon.shutdown` does: commit,
    /// then a snapshot), and after a kill that left the longest journal a store can have.
    private static func restartMilliseconds(directory: String, transactions: Int) -> (clean: Double, unclean: Double) {
        func open() -> Double { Measure.median((0..<3).map { _ in Measure.nanoseconds { _ = try? Store(stateDirectory: directory) } }) / 1e6 }
        do {
            let store = try Store(stateDirectory: directory)
            for index in 0..<transactions {
                try store.set(.string(index % 3 == 0 ? "failed" : "ok"), at: JSONPointer("/jobs/j\(index % 1_000)/status"))
                if index % 100 == 99 { try store.commit() }
            }
            try store.commit()
            try store.compact()
            withExtendedLifetime(store) {}
        } catch {
            return (0, 0)
        }
        let clean = open()
        do {
            let store = try Store(stateDirectory: directory)
            for index in 0..<(store.compactionInterval - 1) {
                try store.set(.int(Int64(index)), at: JSONPointer("/jobs/j\(index % 1_000)/progress"))
                if index % 100 == 99 { try store.commit() }
            }
            try store.commit()
            // Dropped without a snapshot: what a kill leaves.
        } catch {
            return (clean, 0)
        }
        return (clean, open())
    }

    /// A durable store in `directory` holding `document`, committed.
    private static func filledStore(directory: String, document: JSONValue) -> Store? {
        guard let store = try? Store(stateDirectory: directory), (try? store.set(document, at: .root)) != nil,
              (try? store.commit()) != nil else { return nil }
        return store
    }

    /// Milliseconds `compact()` takes for a store holding `document`.
    private static func compactionMilliseconds(directory: String, document: JSONValue) -> Double {
        guard let store = filledStore(directory: directory, document: document) else { return 0 }
        return Measure.median((0..<3).map { _ in Measure.nanoseconds { _ = try? store.compact() } }) / 1e6
    }

    /// The longest commit, in milliseconds, while a store holding `document` makes the snapshot
    /// its compaction interval asks for, and how many commits it took.
    private static func snapshotStall(directory: String, document: JSONValue) -> (milliseconds: Double, commits: Int) {
        guard let store = filledStore(directory: directory, document: document) else { return (0, 0) }
        store.compactionInterval = 1
        var longest = 0.0, commits = 0
        let tick: JSONPointer = "/tick"
        repeat {
            _ = try? store.set(.int(Int64(commits)), at: tick)
            longest = max(longest, Measure.nanoseconds { _ = try? store.commit() } / 1e6)
            commits += 1
            // A loop turn is not back to back with the next one: the background thread runs meanwhile.
            usleep(1_000)
        } while store.isWritingSnapshot && commits < 100_000
        return (longest, commits)
    }

    /// 1M objects like a dashboard's jobs: `{"items":{"0":{"name":…,"status":…,"progress":…},…}}`.
    private static func smallObjects(count: Int) -> (text: [UInt8], document: JSONValue) {
        var items = JSONObject()
        for index in 0..<count {
            items[String(index)] = ["name": .string("job \(index)"), "status": "queued", "progress": .double(Double(index % 100) / 100)]
        }
        let document: JSONValue = ["items": .object(items)]
        return (JSONWriter.bytes(document), document)
    }

    private static func restore(_ document: JSONValue, directory: String) -> (milliseconds: Double, rssMegabytes: Double) {
        do {
            let store = try Store(stateDirectory: directory)
            try store.set(document, at: .root)
            try store.compact()
        } catch {
            return (0, 0)
        }
        let before = residentMegabytes()
        var restored: Store?
        let milliseconds = Measure.nanoseconds { restored = try? Store(stateDirectory: directory) } / 1e6
        let rss = residentMegabytes() - before
        withExtendedLifetime(restored) {}
        return (milliseconds, rss)
    }

    /// VmRSS from /proc/self/status.
    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}
