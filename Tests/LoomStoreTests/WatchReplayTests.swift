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
    /// and object member changes, flushed as loop turns of one to five transactions.
    @Test func aWatcherReplayingTheStreamEqualsTheStore() throws {
        var random = SplitMix(state: 8)
        let store = Store()
        _ = try store.set(["list": [1, 2, 3], "jobs": ["a": ["n": 1, "tags": ["x"]]], "grid": [[0, 1], [2]]], at: .root)
        var replica = try #require(store.value(at: .root))
        _ = store.watch(.root) { events in
            for event in events { replica.replay(path: event.path, value: event.value) }
        }
        let containers = ["/list", "/jobs", "/jobs/a", "/jobs/a/tags", "/grid", "/grid/0", "/grid/1", "/jobs/b"]
        func path() -> String {
            let container = containers.randomElement(using: &random)!
            let token = Bool.random(using: &random) ? String(Int.random(in: 0...4, using: &random)) : ["a", "b", "n", "-"].randomElement(using: &random)!
            return container + "/" + token
        }
        for transaction in 0..<10_000 {
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
            _ = try? store.apply(patch: .array(operations))
            if Int.random(in: 0..<3, using: &random) == 0 { store.flushWatches() }
        }
        store.flushWatches()
        #expect(replica == store.value(at: .root))
    }
}
