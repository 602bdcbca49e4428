import Foundation
import LoomJSON
@testable import LoomStore
import LoomTestSupport
import Testing

/// A watch begins at a revision and reports what changes after it; one resumed after a revision
/// (a client back after a restart or a lost connection) is first told what it missed, from the
/// journal, or, where the journal no longer has it, each path whole.
@Suite("A watch resumes where its watcher left off")
struct WatchResumeTests {
    /// Changes recorded in the turn before a watch was made are not its, though the turn's
    /// delivery comes after it: a resumed watcher would be told them twice.
    @Test func aWatchReportsOnlyChangesAfterTheRevisionItBeganAt() throws {
        let store = Store()
        _ = store.watch(pointer("/a")) { _ in }
        try store.set(1, at: pointer("/a"))
        var events: [WatchEvent] = []
        _ = store.watch(pointer("/a")) { events += $0 }
        store.flushWatches()
        #expect(events.isEmpty)
        try store.set(2, at: pointer("/a"))
        store.flushWatches()
        #expect(events == [WatchEvent(path: pointer("/a"), revision: 2, value: 2)])
    }

    @Test func aResumedWatchIsToldWhatChangedAfterItsRevisionCoalescedThenGoesOnLive() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory)
        try store.set(["a": ["status": "queued"], "b": ["status": "queued"]], at: pointer("/jobs"))  // 1
        try store.set(["web": 0.5], at: pointer("/hosts"))                                          // 2
        try store.set("ok", at: pointer("/jobs/a/status"))                                          // 3
        try store.set("failed", at: pointer("/jobs/b/status"))                                      // 4
        try store.commit()
        try store.set("done", at: pointer("/jobs/a/status"))                                        // 5, not committed yet
        var events: [WatchEvent] = []
        _ = store.watch([pointer("/jobs")], since: 2) { events += $0 }
        store.flushWatches()
        #expect(events == [
            WatchEvent(path: pointer("/jobs/a/status"), revision: 5, value: "done"),
            WatchEvent(path: pointer("/jobs/b/status"), revision: 4, value: "failed"),
        ])
        events = []
        try store.set("queued", at: pointer("/jobs/b/status"))
        store.flushWatches()
        #expect(events == [WatchEvent(path: pointer("/jobs/b/status"), revision: 6, value: "queued")], "live, once")

        // A change of an ancestor is a change of the watched path itself, as live.
        var deep: [WatchEvent] = []
        _ = store.watch([pointer("/jobs/a/status"), pointer("/hosts/web")], since: 0) { deep += $0 }
        store.flushWatches()
        #expect(deep == [
            WatchEvent(path: pointer("/jobs/a/status"), revision: 5, value: "done"),
            WatchEvent(path: pointer("/hosts/web"), revision: 2, value: 0.5),
        ])
    }

    /// An insertion into an array moves the elements after it: the history reports the array.
    @Test func anArrayInsertionInTheHistoryIsReportedAsTheArray() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory)
        try store.set(["x", "z"], at: pointer("/log"))
        try store.apply([.add(pointer("/log/1"), "y")])
        var events: [WatchEvent] = []
        _ = store.watch([pointer("/log/1")], since: 1) { events += $0 }
        store.flushWatches()
        #expect(events == [WatchEvent(path: pointer("/log/1"), revision: 2, value: "y")])
        var whole: [WatchEvent] = []
        _ = store.watch([pointer("/log")], since: 1) { whole += $0 }
        store.flushWatches()
        #expect(whole == [WatchEvent(path: pointer("/log"), revision: 2, value: ["x", "y", "z"])])
    }

    /// The daemon restarting (a clean stop writes a snapshot) keeps the history behind it.
    @Test func theHistoryOutlivesASnapshotAndARestart() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try Store(stateDirectory: directory)
            for index in 0..<30 { try store.set(.int(Int64(index)), at: pointer("/n/\(index % 4)")) }
            try store.compact()
        }
        let store = try Store(stateDirectory: directory)
        var events: [WatchEvent] = []
        _ = store.watch([pointer("/n")], since: 27) { events += $0 }
        store.flushWatches()
        #expect(events.map(\.path) == [pointer("/n/0"), pointer("/n/1"), pointer("/n/3")])
        #expect(events.map(\.revision) == [29, 30, 28])
    }

    /// What the history cannot say, each watched path says whole, at the current revision.
    @Test func whereTheHistoryDoesNotReachEachPathIsReportedWhole() throws {
        let ephemeral = Store()
        try ephemeral.set(["a": 1], at: pointer("/jobs"))
        try ephemeral.set(2, at: pointer("/jobs/a"))
        var events: [WatchEvent] = []
        _ = ephemeral.watch([pointer("/jobs"), pointer("/gone")], since: 1) { events += $0 }
        _ = ephemeral.watch([pointer("/jobs")], since: 2) { events += $0 }
        ephemeral.flushWatches()
        #expect(events == [
            WatchEvent(path: pointer("/jobs"), revision: 2, value: ["a": 2]),
            WatchEvent(path: pointer("/gone"), revision: 2, value: nil),
        ], "an ephemeral store keeps no history; resumed at its revision, nothing was missed")

        // A revision this store never reached: the watcher saw another store.
        var other: [WatchEvent] = []
        _ = ephemeral.watch([pointer("/jobs")], since: 90) { other += $0 }
        ephemeral.flushWatches()
        #expect(other == [WatchEvent(path: pointer("/jobs"), revision: 2, value: ["a": 2])])
    }

    /// `Journal.retainedEntries` transactions stay below a snapshot; older ones are dropped.
    @Test func theJournalKeepsItsRetainedEntriesBelowASnapshot() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory, synchronous: .normal)
        let total = Journal.retainedEntries + 50
        for index in 0..<total { try store.set(.int(index), at: pointer("/n/\(index % 3)")) }
        try store.compact()
        try expectResume(store, since: total - Journal.retainedEntries, whole: false)
        try expectResume(store, since: total - Journal.retainedEntries - 1, whole: true)
    }

    /// `Journal.retainedBytes` of operations at most: the oldest beyond them are dropped.
    @Test func theJournalKeepsAtMostItsRetainedBytesBelowASnapshot() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory, synchronous: .normal)
        let large = JSONValue.string(String(repeating: "x", count: 100_000))
        for index in 0..<100 { try store.set(large, at: pointer("/n/\(index % 3)")) }
        try store.compact()
        let kept = Journal.retainedBytes / 100_050
        try expectResume(store, since: 100 - kept + 1, whole: false)
        try expectResume(store, since: 100 - kept - 1, whole: true)
    }

    /// Resumes a watch of `/n` after `since`: told each of its three members (the history), or
    /// `/n` whole (past the history's start).
    private func expectResume(_ store: Store, since: Int64, whole: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var events: [WatchEvent] = []
        let token = store.watch([pointer("/n")], since: since) { events += $0 }[0]
        store.flushWatches()
        store.cancel(token)
        #expect(events.map(\.path) == (whole ? [pointer("/n")] : [pointer("/n/0"), pointer("/n/1"), pointer("/n/2")]), sourceLocation: sourceLocation)
    }
}
