@testable import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews
import Testing

/// Collections in documents: sorted and filtered repetitions, and values derived from a
/// collection (counts, sums, least, greatest, mean), each re-evaluated only when what it reads
/// changed.
@Suite("Scene documents: sorting, filtering, derived values")
struct DocumentCollectionTests {
    static let board = """
    {"loom": 1,
     "values": {"jobs": {"count": "/jobs"}, "byStatus": {"count": "/jobs", "by": "status"},
                "total": {"sum": "/jobs", "of": "minutes"}, "longest": {"max": "/jobs", "of": "minutes"}},
     "body": {"VStack": {"alignment": "leading", "content": [
       {"Text": "{$jobs} jobs, {$byStatus/failed} failed, {$total} min, longest {$longest}"},
       {"ForEach": {"data": "/jobs", "as": "job",
                    "sort": [{"by": "status", "order": ["failed", "running"]}, {"by": "minutes", "descending": true}],
                    "filter": {"bind": "status", "ne": "ok"},
                    "content": [{"Text": "{$key} {status} {minutes ?? -}"}]}}
     ]}}}
    """

    private func mount() throws -> (ViewHost, Store) {
        let store = Store()
        try store.set(try JSONParser.parse("""
        {"a": {"status": "running", "minutes": 3}, "b": {"status": "failed", "minutes": 1}, "c": {"status": "ok", "minutes": 9},
         "d": {"status": "running", "minutes": 7}, "e": {"status": "queued"}}
        """), at: JSONPointer("/jobs"))
        let model = SceneDocumentModel(try SceneDocument.compile(Array(Self.board.utf8)))
        return (ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 60, height: 8), store)
    }

    private func lines(_ host: ViewHost) -> [String] {
        host.text.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }

    @Test func rowsAreFilteredAndSortedByExplicitOrderThenDescendingNumbersMissingLast() throws {
        let (host, _) = try mount()
        #expect(lines(host) == ["5 jobs, 1 failed, 20 min, longest 9", "b failed 1", "d running 7", "a running 3", "e queued -"])
    }

    @Test func aSortKeysChangeReordersAndAValueNoKeyReadsReEvaluatesItsRowOnly() throws {
        let (host, store) = try mount()
        _ = try store.set(.int(8), at: JSONPointer("/jobs/a/minutes"))
        host.runFrame()
        #expect(lines(host) == ["5 jobs, 1 failed, 25 min, longest 9", "b failed 1", "a running 8", "d running 7", "e queued -"])
        _ = try store.set(.string("x"), at: JSONPointer("/jobs/e/note"))
        host.runFrame()
        #expect(host.bodies(of: DocumentView.self) == 0, "a member nothing reads")
    }

    @Test func aCountReadsTheCountsNotTheMembers() throws {
        let (host, store) = try mount()
        _ = try store.set(.string("failed"), at: JSONPointer("/jobs/a/status"))
        host.runFrame()
        #expect(lines(host).first == "5 jobs, 2 failed, 20 min, longest 9")
        // The header (a count changed), the repetition (its order), and the changed row.
        #expect(host.bodies(of: DocumentView.self) == 3)
        _ = try store.set(.string("z"), at: JSONPointer("/jobs/e/name"))
        host.runFrame()
        #expect(host.bodies(of: DocumentView.self) == 0)
    }

    @Test func derivedValuesAndSortKeysAreChecked() {
        func errors(_ text: String) -> [String] {
            do throws(SceneDocumentError) {
                _ = try SceneDocument.compile(Array(text.utf8))
                return []
            } catch {
                return error.diagnostics.map(\.message)
            }
        }
        #expect(errors(#"{"loom": 1, "values": {"n": {"sum": "/jobs"}}, "body": {"Divider": {}}}"#) == [#"a sum value names the member it adds up: "of": "load""#])
        #expect(errors(#"{"loom": 1, "values": {"n": {"count": "jobs"}}, "body": {"Divider": {}}}"#).first?.hasPrefix("expected an absolute path") == true)
        #expect(errors(#"{"loom": 1, "body": {"Text": "{$nope}"}}"#) == [#""{$nope}": "$nope" reads a ForEach's member, and this is not inside one"#])
        #expect(errors(#"{"loom": 1, "body": {"ForEach": {"data": "/j", "sort": [{"by": "x", "desc": true}], "content": []}}}"#)
            == [#"unknown member "desc" of a sort key; members: by, order, descending"#])
    }

    @Test func aSortStopsAtMaximumSortedMembersAndSaysSo() throws {
        let store = Store()
        var rows = JSONObject()
        for index in 0...Repetition.maximumSortedMembers { rows["m\(index)"] = ["n": .int(Int64(index))] }
        try store.set(.object(rows), at: JSONPointer("/rows"))
        let text = #"{"loom": 1, "body": {"List": {"content": [{"ForEach": {"data": "/rows", "sort": [{"by": "n", "descending": true}], "filter": {"bind": "n", "ge": 9998}, "content": [{"Text": "{$key}"}]}}]}}}"#
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        let host = ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 80, height: 8)
        // m10000 is past the bound: not among the rows sorted and filtered.
        #expect(lines(host).filter { !$0.hasPrefix("─") } == ["m9999", "m9998", "… sorted and filtered among the first \(Repetition.maximumSortedMembers) of \(Repetition.maximumSortedMembers + 1) members"])
    }
}
