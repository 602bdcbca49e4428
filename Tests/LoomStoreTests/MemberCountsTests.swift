import LoomGraph
import LoomJSON
@testable import LoomStore
import LoomStoreViews
import LoomTestSupport
import Testing

/// Counts recomputed from nothing: what the kept counts must always equal.
private func counted(_ store: Store, _ container: String, by member: String) -> [JSONValue: Int] {
    var counts: [JSONValue: Int] = [:]
    let values: [JSONValue]
    switch store.value(at: pointer(container)) {
    case .object(let object)?: values = object.map(\.value)
    case .array(let elements)?: values = elements
    default: values = []
    }
    for case .object(let object) in values {
        if let value = object[member] { counts[value, default: 0] += 1 }
    }
    return counts
}

private final class Evaluations {
    var count = 0
}

private struct Counts: View {
    @StoreCounts("/jobs", by: "status") var counts: [JSONValue: Int]
    let evaluations: Evaluations
    var body: some View {
        evaluations.count += 1
        return Text(counts.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ", "))
    }
}

@Suite("Counts the store keeps")
struct MemberCountsTests {
    @Test(arguments: ["object", "array"])
    func keptCountsEqualCountsFromNothingThroughRandomTransactions(kind: String) throws {
        var random = SplitMix(state: kind == "object" ? 7 : 8)
        let store = Store()
        try store.set(kind == "object" ? .object(JSONObject()) : .array([]), at: pointer("/jobs"))
        _ = store.trackedCounts(at: pointer("/jobs"), by: "status")
        let statuses: [JSONValue] = ["queued", "running", "ok", "failed", .int(3), .null]
        var next = 0
        func anyJob() -> String? {
            let keys = store.value(at: pointer("/jobs")).map { value -> [String] in
                switch value {
                case .object(let object): object.keys
                case .array(let elements): elements.indices.map(String.init)
                default: []
                }
            } ?? []
            return keys.randomElement(using: &random)
        }
        for step in 0..<600 {
            let status = statuses.randomElement(using: &random)!
            let job: JSONValue = ["name": "j", "status": status, "progress": 0.5]
            let newKey = kind == "object" ? "job-\(next)" : "\(Int.random(in: 0...max(0, (anyJob().flatMap(Int.init) ?? 0)), using: &random))"
            next += 1
            do {
                switch Int.random(in: 0..<11, using: &random) {
                case 0, 1: try store.apply([.add(pointer("/jobs/\(newKey)"), job)])
                case 2: if let key = anyJob() { try store.apply([.remove(pointer("/jobs/\(key)"))]) }
                case 3, 4: if let key = anyJob() { try store.set(status, at: pointer("/jobs/\(key)/status")) }
                case 5: if let key = anyJob() { try store.set(.double(0.9), at: pointer("/jobs/\(key)/progress")) }
                case 6: if let key = anyJob() { try store.apply([.remove(pointer("/jobs/\(key)/status"))]) }
                case 7: if let key = anyJob() { try store.apply([.replace(pointer("/jobs/\(key)"), ["status": status])]) }
                case 8:
                    // Several edits of one job in one transaction: the count goes by the value before it.
                    if let key = anyJob() {
                        try store.apply([.replace(pointer("/jobs/\(key)/status"), "ok"), .remove(pointer("/jobs/\(key)")),
                                         .add(pointer("/jobs/\(key)"), ["status": status])])
                    }
                case 9:
                    // A transaction that fails halfway leaves the counts as they were.
                    if let key = anyJob() {
                        try store.apply([.replace(pointer("/jobs/\(key)/status"), "ok"), .remove(pointer("/nothing/here"))])
                    }
                default:
                    if Int.random(in: 0..<20, using: &random) == 0 {
                        try store.set(kind == "object" ? ["a": ["status": "ok"]] : [["status": "ok"]], at: pointer("/jobs"))
                    } else if let key = anyJob() {
                        try store.set(["deep": status], at: pointer("/jobs/\(key)/status"))
                    }
                }
            } catch {
                // Failing transactions are part of the test.
            }
            #expect(store.trackedCounts(at: pointer("/jobs"), by: "status") == counted(store, "/jobs", by: "status"), "step \(step)")
        }
    }

    @Test func aViewOfTheCountsIsEvaluatedWhenACountChangesAndForNothingElse() throws {
        let store = store(#"{"jobs": {"a": {"status": "ok", "progress": 0.1}, "b": {"status": "running"}}}"#)
        let evaluations = Evaluations()
        let graph = ViewGraph(Counts(evaluations: evaluations).environment(\.store, store))
        graph.runPass()
        #expect(evaluations.count == 1)

        try store.set(.double(0.5), at: pointer("/jobs/a/progress"))
        graph.runPass()
        try store.set("ok", at: pointer("/jobs/a/status"))           // the same status again
        graph.runPass()
        #expect(evaluations.count == 1, "no count changed")

        try store.set("failed", at: pointer("/jobs/b/status"))
        graph.runPass()
        #expect(evaluations.count == 2)
        #expect(store.trackedCounts(at: pointer("/jobs"), by: "status") == ["ok": 1, "failed": 1])
    }

    @Test func aStatusChangeAmongAHundredThousandJobsTouchesOneJob() throws {
        var jobs = JSONObject()
        for index in 0..<100_000 { jobs["job-\(index)"] = ["status": index % 2 == 0 ? "ok" : "running"] }
        let store = Store()
        try store.set(.object(jobs), at: pointer("/jobs"))
        let counts = MemberCounts(container: pointer("/jobs"), member: "status", document: Document(root: store.root))
        var log = Document.EditLog()
        var document = Document(root: store.root)
        try document.replace("failed", at: pointer("/jobs/job-7/status"), log: &log)
        #expect(counts.update(after: log, in: document))
        #expect(counts.counts == ["ok": 50_000, "running": 49_999, "failed": 1])
        #expect(counts.recounts == 1, "counted once, when made; the change was applied alone")
    }
}

