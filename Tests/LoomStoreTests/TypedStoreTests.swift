import Foundation
import LoomGraph
import LoomJSON
import LoomLayout
import LoomStore
import LoomStoreViews
import Testing

/// Swift types in the store: `@StoreValue` of a `Decodable` type, typed writes, `@AppStorage`.
@Suite("Typed store reads and writes")
struct TypedStoreTests {
    struct Job: Codable, Equatable {
        var name: String
        var retries: Int
        var started: Date?
        var extra: JSONValue?
    }

    private struct JobLine: View {
        @StoreValue("/jobs/3") var job: Job?
        var body: some View {
            if let job {
                Text("\(job.name) ×\(job.retries)")
            } else {
                Text($job.error ?? "none")
            }
        }
    }

    private func store(_ json: String) throws -> Store {
        let store = Store()
        try store.set(try JSONParser.parse(json), at: .root)
        return store
    }

    @Test func aDecodableStoreValueReadsItsTypeAndDependsOnItsPathOnly() throws {
        let store = try store(#"{"jobs":{"3":{"name":"build","retries":2,"started":"2026-12-02T12:00:00Z"},"4":{"name":"test","retries":0}}}"#)
        let host = ViewHost(JobLine().environment(\.store, store), width: 30, height: 1)
        #expect(host.text == "build ×2")
        try store.set(5, at: "/jobs/4/retries")
        host.runFrame()
        #expect(host.bodies(of: JobLine.self) == 0, "another job changed")
        try store.set(3, at: "/jobs/3/retries")
        host.runFrame()
        #expect(host.bodies(of: JobLine.self) == 1)
        #expect(host.text == "build ×3")

        struct Started: View {
            @StoreValue("/jobs/3/started") var started: Date?
            @StoreValue("/jobs/3/name") var name: String?
            var body: some View { Text("\(name ?? "?") \(started.map { String(Int($0.timeIntervalSince1970)) } ?? "?")") }
        }
        #expect(ViewHost(Started().environment(\.store, store), width: 30, height: 1).text == "build 1796212800", "a value alone decodes as well")
    }

    @Test func aValueThatDoesNotDecodeReadsAsNilAndSaysWhy() throws {
        let store = try store(#"{"jobs":{"3":{"name":"build","retries":"two"}}}"#)
        let host = ViewHost(JobLine().environment(\.store, store), width: 40, height: 1)
        #expect(host.text == "/retries: expected Int")
        try store.set(["name": "build"], at: "/jobs/3")
        host.runFrame()
        #expect(host.text == #"the value: missing member "retries""#)
        try store.apply([.remove("/jobs/3")])
        host.runFrame()
        #expect(host.text == "none", "nothing there is no error")
    }

    private final class Outcome { var error: (any Error)? }

    /// Writes from its buttons' actions, as a view does.
    private struct JobEditor: View {
        @StoreValue("/jobs/3") var job: Job?
        @StoreValue("/load") var load: Double?
        let outcome: Outcome
        var body: some View {
            VStack {
                Button("deploy") { write { try $job.set(Job(name: "deploy", retries: 1, started: Date(timeIntervalSince1970: 1_796_212_800), extra: ["k": [1, "a"]])) } }
                Button("clear") { write { try $job.set(nil) } }
                Button("nan") { write { try $load.set(.nan) } }
            }
        }
        private func write(_ action: () throws -> Void) {
            do { try action() } catch { outcome.error = error }
        }
    }

    @Test func aTypedWriteIsOneTransactionOfTheValuesJSONAndNilRemoves() throws {
        let store = try store(#"{"jobs":{}}"#)
        let outcome = Outcome()
        let editor = ViewHost(JobEditor(outcome: outcome).environment(\.store, store), width: 10, height: 3)
        let reader = ViewHost(JobLine().environment(\.store, store), width: 30, height: 1)
        #expect(reader.text == "none")
        let revision = store.revision
        editor.press(.tab)
        editor.press(.enter)
        #expect(outcome.error == nil)
        #expect(store.revision == revision + 1, "one transaction")
        #expect(JSONWriter.string(store.value(at: "/jobs/3")!) == #"{"extra":{"k":[1,"a"]},"name":"deploy","retries":1,"started":"2026-12-02T12:00:00Z"}"#,
                "members sorted, a date as ISO 8601")
        reader.runFrame()
        #expect(reader.text == "deploy ×1")
        editor.press(.tab)
        editor.press(.enter)
        #expect(store.value(at: "/jobs/3") == nil)
        editor.press(.tab)
        editor.press(.enter)
        #expect(outcome.error is EncodingError)
        #expect(store.value(at: "/load") == nil, "a refused write leaves the store as it was")
    }

    private struct Settings: View {
        @AppStorage("compact") var compact = false
        @AppStorage("/boards/ops/title") var title = "Operations"
        var body: some View {
            VStack(alignment: .leading) {
                Text(title)
                Toggle("compact", isOn: $compact)
            }
        }
    }

    @Test func appStorageShowsItsDefaultUntilSetAndEveryViewerSeesWhatOneSets() throws {
        let store = Store()
        let first = ViewHost(Settings().environment(\.store, store), width: 20, height: 2)
        let second = ViewHost(Settings().environment(\.store, store), width: 20, height: 2)
        #expect(first.text == "Operations\n[ ] compact")
        #expect(store.value(at: .root) == nil || store.value(at: "/settings") == nil, "a default is not written")
        first.press(.tab)
        first.press(.enter)
        #expect(store.value(at: "/settings/compact") == true)
        second.runFrame()
        #expect(second.text == "Operations\n[x] compact")
        try store.set("Ops", at: "/boards/ops/title")
        second.runFrame()
        #expect(second.text.hasPrefix("Ops\n"), "a script's write shows")
    }
}

