import LoomGraph
import LoomJSON
import LoomStore
import LoomStoreViews
import LoomTestSupport
import Testing

// The rows of DependencyIndex's table, each pinned with real views reading a real store.

/// Which readers' bodies ran.
private final class Woken {
    var labels: Set<String> = []
}

private struct ReadsValue: View {
    @StoreValue private var value: JSONValue?
    let label: String
    let woken: Woken

    init(_ path: String, label: String, woken: Woken) {
        _value = StoreValue(path)
        self.label = label
        self.woken = woken
    }

    var body: some View {
        woken.labels.insert(label)
        return Text("\(label)=\(value?.description ?? "nil")")
    }
}

private struct ReadsMembers: View {
    @StoreMembers private var members: [StoreMember]
    let label: String
    let woken: Woken

    init(_ path: String, label: String, woken: Woken) {
        _members = StoreMembers(path)
        self.label = label
        self.woken = woken
    }

    var body: some View {
        woken.labels.insert(label)
        return Text("\(label)=\(members.map(\.id).joined(separator: ","))")
    }
}

private struct Readers: View {
    let woken: Woken

    var body: some View {
        VStack {
            ReadsValue("", label: "root", woken: woken)
            ReadsValue("/items", label: "items", woken: woken)
            ReadsMembers("/items", label: "itemKeys", woken: woken)
            ReadsValue("/items/0", label: "item0", woken: woken)
            ReadsValue("/items/0/liked", label: "liked0", woken: woken)
            ReadsValue("/items/1/liked", label: "liked1", woken: woken)
            ReadsValue("/items/2", label: "item2", woken: woken)
            ReadsMembers("/items/0", label: "item0Keys", woken: woken)
            ReadsValue("/other", label: "other", woken: woken)
            ReadsValue("/jobs/b", label: "jobB", woken: woken)
            ReadsMembers("/jobs", label: "jobKeys", woken: woken)
        }
    }
}

@Suite("Store dependencies: a change wakes exactly the readers it affects")
struct DependencyRuleTests {
    private func evaluated(after change: (Store) throws -> Void) throws -> Set<String> {
        let store = Store()
        try store.set(json(#"{"items":[{"liked":false},{"liked":false},{"liked":true}],"other":1,"jobs":{"a":1}}"#), at: .root)
        let woken = Woken()
        let graph = ViewGraph(Readers(woken: woken).environment(\.store, store))
        graph.runPass()
        woken.labels = []
        try change(store)
        graph.runPass()
        return woken.labels
    }

    @Test func replacingALeafWakesItsReadersAndTheWholeValueReadersOfItsAncestorsOnly() throws {
        let woken = try evaluated { try $0.set(true, at: pointer("/items/0/liked")) }
        #expect(woken == ["liked0", "item0", "items", "root"])
    }

    @Test func replacingASubtreeWakesItsReadersEverythingUnderItAndAncestorValues() throws {
        let woken = try evaluated { try $0.set(["liked": true, "new": 1], at: pointer("/items/0")) }
        #expect(woken == ["item0", "liked0", "item0Keys", "items", "root"])
    }

    @Test func insertingAnObjectMemberWakesTheParentsMembershipReaders() throws {
        let woken = try evaluated { try $0.set(2, at: pointer("/jobs/b")) }
        #expect(woken == ["jobB", "jobKeys", "root"])
    }

    @Test func removingAnObjectMemberWakesItsReadersAndTheMembershipReaders() throws {
        let woken = try evaluated { try $0.apply([.remove(pointer("/jobs/a"))]) }
        #expect(woken == ["jobKeys", "root"])
    }

    @Test func insertingAnArrayElementWakesMembershipAndTheElementsThatMoved() throws {
        let woken = try evaluated { try $0.apply([.add(pointer("/items/1"), ["liked": true])]) }
        #expect(woken == ["itemKeys", "items", "root", "liked1", "item2"], "item0 did not move")
    }

    @Test func removingAnArrayElementWakesMembershipItsReadersAndTheElementsThatMoved() throws {
        let woken = try evaluated { try $0.apply([.remove(pointer("/items/0"))]) }
        #expect(woken == ["itemKeys", "items", "root", "item0", "liked0", "item0Keys", "liked1", "item2"])
    }

    @Test func anUnrelatedPathWakesOnlyItsReadersAndTheRoot() throws {
        let woken = try evaluated { try $0.set(2, at: pointer("/other")) }
        #expect(woken == ["other", "root"])
    }

    @Test func replacingTheRootWithAScalarWakesEveryReader() throws {
        let woken = try evaluated { try $0.set(4, at: .root) }
        #expect(woken == ["root", "items", "itemKeys", "item0", "liked0", "liked1", "item2", "item0Keys", "other", "jobB", "jobKeys"])
    }

    @Test func readsOutsideABodyRecordNothing() throws {
        let store = Store()
        try store.set(json(#"{"a":1}"#), at: .root)
        _ = store.trackedValue(at: pointer("/a"))
        _ = store.trackedMembers(at: .root)
        #expect(store.value(at: pointer("/a")) == 1)
    }
}

// MARK: - Seed 001, driven by the store

private struct LikeRow: View {
    @StoreValue private var item: JSONValue?

    init(path: JSONPointer) {
        _item = StoreValue(path)
    }

    var body: some View {
        let liked = item?["liked"]?.boolValue == true
        return HStack {
            Text(item?["name"]?.stringValue ?? "?")
            Text(liked ? "♥" : "♡")
        }
    }
}

private struct LikeList: View {
    @StoreMembers("/items", keyedBy: "id") private var items: [StoreMember]

    var body: some View {
        List(items) { LikeRow(path: $0.path) }
    }
}

@Suite("SeedScenarios: seed 001 driven by the store")
struct StoreLikeList {
    @Test func togglingOneLikeInATenThousandRowListEvaluatesOneRowAndNoList() throws {
        let store = Store()
        try store.set(["items": .array((0..<10_000).map { ["id": .int(Int64($0)), "name": .string("item \($0)"), "liked": false] })], at: .root)
        let graph = ViewGraph(LikeList().environment(\.store, store), lazyWindow: LazyWindow(firstVisibleRow: 30, visibleRows: 30))
        graph.runPass()
        graph.resetWorkCounters()

        try store.set(true, at: pointer("/items/42/liked"))
        graph.runPass()

        #expect(graph.counters(of: LikeRow.self).bodies == 1)
        #expect(graph.counters(of: LikeList.self).bodies == 0)
        #expect(graph.texts.contains("♥"))
    }

    @Test func insertingAnItemEvaluatesTheListAndOnlyTheNewRow() throws {
        let store = Store()
        try store.set(["items": .array((0..<100).map { ["id": .int(Int64($0)), "name": .string("item \($0)"), "liked": false] })], at: .root)
        let graph = ViewGraph(LikeList().environment(\.store, store), lazyWindow: LazyWindow(visibleRows: 10))
        graph.runPass()
        graph.resetWorkCounters()

        try store.apply([.add(pointer("/items/0"), ["id": 1_000, "name": "new", "liked": true])])
        graph.runPass()

        #expect(graph.counters(of: LikeList.self).bodies == 1)
        #expect(graph.texts.first == "new")
        // Keyed by id, the old rows kept their nodes; each visible one moved down an index, so
        // it re-read its (shifted) path, and the row pushed out of the window was released.
        #expect(graph.counters(of: LikeRow.self).appears == 10 + LazyWindow.overscan + 1)
    }
}
