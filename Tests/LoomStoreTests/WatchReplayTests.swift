import Foundation
import LoomJSON
@testable import LoomStore
import LoomTestSupport
import Testing

/// A watcher that applies the `changed` stream holds what the store holds: arrays included,
/// whose insertions and removals move the elements after them.
@Suite("Watches follow the document exactly")
struct WatchReplayTests {
    /// Removing `/a/0` from `["x","y","z"]` once sent only `/a/0 = "y"`, and a client applying
    /// it held `["y","y","z"]`.
    @Test func removingAnArrayElementReportsTheArray() throws {
        let store = Store()
        _ = try store.set(["x", "y", "z"], at: pointer("/a"))
        var events: [WatchEvent] = []
        _ = store.watch(.root) { events += $0 }
        _ = try store.apply([.remove(pointer("/a/0"))])
        store.flushWatches()
        #expect(events.map(\.path) == [pointer("/a")])
        #expect(events.first?.value == ["y", "z"])
    }

    /// The property, over 10,000 random transactions of array inserts, removes, moves, copies
    /// and object member changes, flushed as loop turns of one to five transactions; checked
    /// after every delivery (a later report of a whole array would hide an earlier mistake).
    @Test func aWatcherReplayingTheStreamEqualsTheStore() throws {
        var random = SplitMix(state: 8)
        let store = Store()
        _ = try store.set(RandomPatches.start, at: .root)
        var replica = try #require(store.value(at: .root))
        _ = store.watch(.root) { events in
            for event in events { replica.replay(path: event.path, value: event.value) }
        }
        var differences = 0
        for transaction in 0..<10_000 {
            _ = try? store.apply(patch: RandomPatches.next(transaction, using: &random))
            guard Int.random(in: 0..<3, using: &random) == 0 else { continue }
            store.flushWatches()
            if replica != store.value(at: .root) { differences += 1 }
        }
        #expect(differences == 0, "after every delivery, the watcher holds what the store holds")
    }

    /// The same property, after every delivery, for a watcher that goes away at random moments (losing the turn's
    /// changes not yet delivered) and comes back resumed after the last revision it applied,
    /// while the store takes snapshots and restarts from its state directory: the journal's
    /// history makes up for every change missed, and what is told twice is only ever the
    /// current value again.
    @Test func aWatcherThatLeavesAndResumesEqualsTheStore() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var random = SplitMix(state: 21)
        var store: Store! = try Store(stateDirectory: directory, synchronous: .normal)
        store.compactionInterval = 200
        _ = try store.set(RandomPatches.start, at: .root)
        var replica = try #require(store.value(at: .root))
        var appliedThrough = store.revision
        func watch(since: Int64?) -> WatchToken {
            store.watch([.root], since: since) { events in
                for event in events {
                    replica.replay(path: event.path, value: event.value)
                    appliedThrough = max(appliedThrough, event.revision)
                }
            }[0]
        }
        var token = watch(since: nil)
        var (resumes, restarts, differences) = (0, 0, 0)
        for transaction in 0..<3_000 {
            _ = try? store.apply(patch: RandomPatches.next(transaction, using: &random))
            guard Int.random(in: 0..<3, using: &random) == 0 else { continue }
            try store.commit()
            switch Int.random(in: 0..<40, using: &random) {
            case 0:
                store.cancel(token)
                if Bool.random(using: &random) { try store.compact() }
                store = nil
                store = try Store(stateDirectory: directory, synchronous: .normal)
                store.compactionInterval = 200
                token = watch(since: appliedThrough)
                restarts += 1
            case 1...3:
                store.cancel(token)
                token = watch(since: appliedThrough)
                resumes += 1
            default:
                break
            }
            store.flushWatches()
            if replica != store.value(at: .root) { differences += 1 }
        }
        #expect(resumes > 50 && restarts > 15, "\(resumes) resumes, \(restarts) restarts")
        #expect(differences == 0, "after every delivery, the watcher holds what the store holds")
    }
}

/// Random transactions over arrays and objects, nested: inserts, removes, moves, copies and
/// replacements, some of which fail (and change nothing).
enum RandomPatches {
    static let start: JSONValue = ["list": [1, 2, 3], "jobs": ["a": ["n": 1, "tags": ["x"]]], "grid": [[0, 1], [2]]]
    private static let containers = ["/list", "/jobs", "/jobs/a", "/jobs/a/tags", "/grid", "/grid/0", "/grid/1", "/jobs/b"]

    static func next(_ transaction: Int, using random: inout SplitMix) -> JSONValue {
        func path() -> String {
            let container = containers.randomElement(using: &random)!
            let token = Bool.random(using: &random) ? String(Int.random(in: 0...4, using: &random)) : ["a", "b", "n", "-"].randomElement(using: &random)!
            return container + "/" + token
        }
        let operations: [JSONValue] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let value: JSONValue = [.int(Int64(transaction)), ["k": .int(Int64(transaction))], [1, 2], "s"].randomElement(using: &random)!
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return ["op": "add", "path": .string(path()), "value": value]
            case 1: return ["op": "remove", "path": .string(path())]
            case 2: return ["op": "replace", "path": .string(path()), "value": value]
            case 3: return ["op": "move", "from": .string(path()), "path": .string(path())]
            default: return ["op": "copy", "from": .string(path()), "path": .string(path())]
            }
        }
        return .array(operations)
    }
}
