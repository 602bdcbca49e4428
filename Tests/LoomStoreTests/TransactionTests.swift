import Foundation
import LoomJSON
@testable import LoomStore
import LoomTestSupport
import Testing

@Suite("Transactions")
struct TransactionTests {
    @Test func aTransactionAppliesAllItsOperationsOrNone() throws {
        let store = store(#"{"jobs":{"a":{"status":"queued"},"b":{"status":"queued"}},"list":[1,2,3]}"#)
        let before = store.root
        let revision = store.revision
        #expect {
            try store.apply([
                .replace(pointer("/jobs/a/status"), "running"),
                .remove(pointer("/jobs/b")),
                .remove(pointer("/list/0")),
                .add(pointer("/jobs/c"), ["status": "queued"]),
                .test(pointer("/jobs/a/status"), "ok"),
            ])
        } throws: { ($0 as? DocumentError)?.code == .testFailed }
        #expect(store.root == before)
        #expect(JSONWriter.string(store.root) == JSONWriter.string(before), "member order restored too")
        #expect(store.revision == revision)
    }

    @Test func everyCommittedTransactionIncrementsTheRevisionAndATestGuardsIt() throws {
        let store = store(#"{"n":1}"#)
        let start = store.revision
        #expect(try store.set(2, at: pointer("/n")) == start + 1)
        #expect(try store.apply([.test(pointer("/n"), 2), .replace(pointer("/n"), 3)]) == start + 2)
        #expect { try store.apply([.test(pointer("/n"), 2), .replace(pointer("/n"), 4)]) } throws: {
            let error = $0 as? DocumentError
            return error?.code == .testFailed && error?.path == "/n" && error?.message.hasPrefix("operation 0") == true
        }
        #expect(store.value(at: pointer("/n")) == 3)
    }

    @Test func setCreatesMissingParentObjectsAndReplacesArrayElements() throws {
        let store = store(#"{"list":[1,2]}"#)
        try store.set("ok", at: pointer("/jobs/42/status"))
        try store.set(9, at: pointer("/list/1"))
        try store.set(3, at: pointer("/list/-"))
        #expect(store.root == json(#"{"list":[1,9,3],"jobs":{"42":{"status":"ok"}}}"#))
        #expect { try store.set(1, at: pointer("/list/7")) } throws: { ($0 as? DocumentError)?.code == .indexOutOfRange }
    }

    @Test func incrementAddsToNumbersAndStartsMissingOnesAtZero() throws {
        let store = store(#"{"count":1,"ratio":0.5,"name":"x","big":9223372036854775807}"#)
        try store.increment(at: pointer("/count"))
        try store.increment(at: pointer("/ratio"), by: .double(0.25))
        try store.increment(at: pointer("/fresh"), by: 5)
        try store.increment(at: pointer("/big"))
        #expect(store.value(at: pointer("/count")) == .int(2))
        #expect(store.value(at: pointer("/ratio")) == .double(0.75))
        #expect(store.value(at: pointer("/fresh")) == .int(5))
        #expect(store.value(at: pointer("/big")) == .double(9223372036854775808))
        #expect { try store.increment(at: pointer("/name")) } throws: { ($0 as? DocumentError)?.code == .typeMismatch }
    }

    /// RFC 7396 Appendix A, each case merged at the root and at a path.
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        ("{}", #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ] as [(String, String, String)])
    func mergePatchFollowsRFC7396(target: String, patch: String, expected: String) throws {
        let atRoot = store(target)
        try atRoot.merge(json(patch), at: .root)
        #expect(atRoot.root == json(expected), "\(target) + \(patch)")
        let atPath = store(#"{"x":\#(target)}"#)
        try atPath.merge(json(patch), at: pointer("/x"))
        #expect(atPath.value(at: pointer("/x")) == json(expected), "at /x: \(target) + \(patch)")
    }

    @Test func mergeKeepsThePatchsOrderForNewMembers() throws {
        let store = store(#"{"job":{"name":"build"}}"#)
        try store.merge(json(#"{"z":1,"meta":{"a":1},"b":2}"#), at: pointer("/job"))
        #expect(JSONWriter.string(store.value(at: pointer("/job"))!) == #"{"name":"build","z":1,"meta":{"a":1},"b":2}"#)
    }

    /// A transaction's edit log is emptied for the next one: a `set`'s short lists keep their
    /// storage (`EditLog.keptCapacity`), a large patch's are freed rather than held while idle.
    @Test func anEditLogKeepsAShortTransactionsListsAndFreesALargeOnes() throws {
        var document = Document()
        var log = Document.EditLog()
        try document.add(1, at: pointer("/a"), log: &log)
        let (undo, changes, performed) = (log.undo.capacity, log.changes.capacity, log.performed.capacity)
        log.removeAll()
        #expect(log.undo.isEmpty && log.changes.isEmpty && log.performed.isEmpty && log.sizeBefore == nil)
        #expect(log.undo.capacity == undo && log.changes.capacity == changes && log.performed.capacity == performed,
                "a one-edit transaction's lists keep their storage")
        for index in 0...Document.EditLog.keptCapacity { try document.add(.int(Int64(index)), at: pointer("/m\(index)"), log: &log) }
        #expect(log.performed.count == Document.EditLog.keptCapacity + 1)
        log.removeAll()
        #expect(log.undo.capacity == 0 && log.changes.capacity == 0 && log.performed.capacity == 0, "past the bound: freed")
        try document.add(2, at: pointer("/a"), log: &log)
        #expect(log.performed.count == 1 && document.value(at: pointer("/a")) == 2, "the emptied log serves the next transaction")
    }
}

@Suite("Bad input is refused with a code and the path, and changes nothing")
struct BadInputTests {
    private func refuses(_ code: DocumentError.Code, path: String? = nil, _ change: (Store) throws -> Void) {
        let store = store(#"{"jobs":{"a":{"status":"ok"}},"list":[1,2,3],"n":1}"#)
        let before = store.root
        #expect {
            try change(store)
        } throws: { error in
            guard let error = error as? DocumentError else { return false }
            return error.code == code && (path == nil || error.path == path)
        }
        #expect(store.root == before)
    }

    @Test func eachKindOfBadInputHasItsCode() throws {
        refuses(.invalidPatch) { try $0.apply(patch: ["op": "add"]) }
        refuses(.invalidPatch) { try $0.apply(patch: [["op": "frobnicate", "path": "/n"]]) }
        refuses(.invalidPatch) { try $0.apply(patch: [["op": "add", "path": "/n"]]) }
        refuses(.invalidPointer) { try $0.apply(patch: [["op": "add", "path": "n", "value": 1]]) }
        refuses(.pathNotFound, path: "/jobs/zzz/status") { try $0.apply([.replace(pointer("/jobs/zzz/status"), 1)]) }
        refuses(.pathNotFound, path: "/jobs/b") { try $0.apply([.remove(pointer("/jobs/b"))]) }
        refuses(.typeMismatch, path: "/n/x") { try $0.apply([.add(pointer("/n/x"), 1)]) }
        refuses(.indexOutOfRange, path: "/list/5") { try $0.apply([.add(pointer("/list/5"), 1)]) }
        refuses(.indexOutOfRange, path: "/list/01") { try $0.apply([.replace(pointer("/list/01"), 1)]) }
        refuses(.testFailed, path: "/n") { try $0.apply([.test(pointer("/n"), 2)]) }
        refuses(.invalidMove, path: "/jobs/a/inner") { try $0.apply([.move(from: pointer("/jobs/a"), to: pointer("/jobs/a/inner"))]) }
        refuses(.typeMismatch) { try $0.apply([.remove(.root)]) }
    }

    @Test func malformedTextAndTextPastTheLimitsHaveTheirCodes() throws {
        var limits = JSONLimits()
        limits.maximumBytes = 64
        let store = Store(limits: limits)
        #expect { try store.parse(Array(#"[{"op":"add","path":"/a","value":}]"#.utf8)) } throws: { ($0 as? DocumentError)?.code == .malformedJSON }
        #expect { try store.parse(Array(String(repeating: "[", count: 100_000).utf8)) } throws: { ($0 as? DocumentError)?.code == .limitExceeded }
        #expect { try store.parse(Array(#"{"value":"\#(String(repeating: "x", count: 100))"}"#.utf8)) } throws: {
            ($0 as? DocumentError)?.code == .limitExceeded
        }
        #expect(store.root == [:])
    }

    @Test func nestingAndSizePastTheLimitsAreRefused() throws {
        var deep = JSONValue.int(1)
        for _ in 0..<600 { deep = .array([deep]) }
        refuses(.limitExceeded, path: "/deep") { try $0.set(deep, at: pointer("/deep")) }
        refuses(.limitExceeded) { store in
            try store.apply(Array(repeating: .test(pointer("/n"), 1), count: store.maximumOperations + 1))
        }
        #expect { try JSONParser.parse(String(repeating: "[", count: 100_000)) } throws: { ($0 as? JSONError) != nil }
    }
}

@Suite("Watches and waiting")
struct WatchTests {
    @Test func aWatchGetsTheChangesUnderItsPathCoalescedOncePerTurn() throws {
        let store = store(#"{"jobs":{"a":{"status":"queued"}},"hosts":{}}"#)
        var deliveries: [[WatchEvent]] = []
        let token = store.watch(pointer("/jobs")) { deliveries.append($0) }
        let first = try store.set("running", at: pointer("/jobs/a/status"))
        let second = try store.set("ok", at: pointer("/jobs/a/status"))
        try store.set("up", at: pointer("/hosts/h1"))
        store.flushWatches()
        #expect(deliveries == [[WatchEvent(path: pointer("/jobs/a/status"), revision: second, value: "ok")]])
        #expect(first < second)

        try store.set(["status": "queued"], at: pointer("/jobs/b"))
        try store.apply([.remove(pointer("/jobs/a"))])
        store.flushWatches()
        #expect(deliveries.last == [
            WatchEvent(path: pointer("/jobs/a"), revision: store.revision, value: nil),
            WatchEvent(path: pointer("/jobs/b"), revision: store.revision - 1, value: ["status": "queued"]),
        ])

        store.cancel(token)
        try store.set("x", at: pointer("/jobs/c"))
        store.flushWatches()
        #expect(deliveries.count == 2)
    }

    @Test func replacingAnAncestorIsAChangeOfTheWatchedPath() throws {
        let store = store(#"{"jobs":{"a":1}}"#)
        var events: [WatchEvent] = []
        _ = store.watch(pointer("/jobs/a")) { events += $0 }
        try store.set(["a": 2], at: pointer("/jobs"))
        store.flushWatches()
        #expect(events == [WatchEvent(path: pointer("/jobs/a"), revision: store.revision, value: 2)])
    }

    /// Delivery costs, per changed path, its depth and the watches it matches: 20,000 watches
    /// of other paths add nothing to a `set` (counted as trie nodes looked at).
    @Test func watchDeliveryCostsTheChangedPathsDepthNotTheWatchesElsewhere() throws {
        let store = Store()
        try store.set(["jobs": ["a": ["progress": 0]]], at: .root)
        var delivered: [WatchEvent] = []
        _ = store.watch(pointer("/jobs")) { delivered += $0 }
        var others: [WatchToken] = []
        for index in 0..<20_000 { others.append(store.watch(pointer("/hosts/h\(index)")) { _ in Issue.record("not watched") }) }
        let before = store.watchNodesVisited
        for index in 0..<100 {
            try store.set(.int(Int64(index)), at: pointer("/jobs/a/progress"))
            store.flushWatches()
        }
        #expect(delivered.count == 100)
        #expect(store.watchNodesVisited - before <= 100 * 4, "root, /jobs, /jobs/a, /jobs/a/progress at most: \(store.watchNodesVisited - before)")
        // A change above the other watches reaches each of them: the work is theirs.
        for token in others.dropFirst(10) { store.cancel(token) }
        var reached = 0
        for index in 0..<10 { _ = store.watch(pointer("/hosts/h\(index)")) { _ in reached += 1 } }
        for token in others.prefix(10) { store.cancel(token) }
        try store.set(["h0": 1], at: pointer("/hosts"))
        store.flushWatches()
        #expect(reached == 10)
    }

    @Test func aWaiterRunsWhenItsRevisionIsDurable() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory)
        var reached: [Int64] = []
        let revision = try store.set(1, at: pointer("/n"))
        store.wait(for: revision) { reached.append(revision) }
        #expect(reached.isEmpty, "not durable before the commit")
        try store.commit()
        #expect(reached == [revision])
        store.wait(for: revision) { reached.append(0) }
        #expect(reached == [revision, 0], "already durable: at once")
    }

    @Test func aCancelledWaitNeverRunsAndIsForgotten() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory)
        var reached: [String] = []
        let revision = try store.set(1, at: pointer("/n"))
        let cancelled = try #require(store.wait(for: revision) { reached.append("cancelled") })
        store.wait(for: revision) { reached.append("kept") }
        #expect(store.waitingActions == 2)
        store.cancel(cancelled)
        #expect(store.waitingActions == 1)
        try store.commit()
        #expect(reached == ["kept"])
        #expect(store.waitingActions == 0)
    }
}

@Suite("Edits happen in place")
struct InPlaceEditTests {
    /// Where the elements of the array at `path` are stored.
    private func storage(_ store: Store, _ path: String) throws -> UnsafeRawPointer? {
        guard case .array(let elements)? = store.value(at: try JSONPointer(path)) else { return nil }
        return elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func replacingAddingAndRemovingOneElementOfALargeArrayDoesNotCopyTheArray() throws {
        let store = Store()
        try store.set(.array((0..<100_000).map { ["value": .int(Int64($0))] }), at: JSONPointer("/rows"))
        try store.apply([.add(JSONPointer("/rows/-"), 0)])    // room to grow, so an append need not reallocate
        try store.apply([.remove(JSONPointer("/rows/100000"))])
        // A copy would be made while the old storage is still alive, so it would have another
        // address (checked after each edit: copies alternating between two blocks could return).
        let edits: [(String, () throws -> Void)] = [
            ("replace", { try store.apply([.replace(JSONPointer("/rows/5/value"), 7)]) }),
            ("set", { try store.set(8, at: JSONPointer("/rows/6/value")) }),
            ("set an element", { try store.set(["value": 9], at: JSONPointer("/rows/7")) }),
            ("remove", { try store.apply([.remove(JSONPointer("/rows/99999"))]) }),
            ("add", { try store.apply([.add(JSONPointer("/rows/-"), 1)]) }),
        ]
        for (name, edit) in edits {
            let before = try storage(store, "/rows")
            try edit()
            #expect(try storage(store, "/rows") == before, "\(name): one element changed, not 100,000 copied")
        }
        #expect(store.value(at: JSONPointer("/rows/5/value")) == 7)
    }
}
