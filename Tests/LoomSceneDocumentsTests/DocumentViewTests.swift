@testable import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews
import Testing

/// A document shown as views follows the semantics contract as Swift views do: each node reads
/// exactly the store paths it names, so a change re-evaluates the nodes that read it, and
/// nothing else.
@Suite("Scene documents: views")
struct DocumentViewTests {
    static let jobs = """
    {"loom": 1, "body": {"VStack": {"alignment": "leading", "content": [
      {"Text": "Jobs: {/meta/title ?? untitled} ({/meta/count})"},
      {"ForEach": {"data": "/jobs", "as": "job", "content": [
        {"HStack": {"spacing": 1, "content": [
          {"Text": {"bind": "status", "map": {"ok": "✔", "failed": "✘"}, "else": "?"},
           "modifiers": [{"foregroundColor": {"bind": "status", "map": {"ok": "green", "failed": "red"}, "else": "yellow"}}]},
          {"Text": "{$key} {name}"},
          {"ProgressView": {"value": {"bind": "progress"}}, "if": {"bind": "status", "eq": "running"}, "modifiers": [{"frame": {"width": 10}}]},
          {"Text": "{progress|percent}"}
        ]}}
      ]}}
    ]}}}
    """

    private func mount(_ text: String, width: Int = 40, height: Int = 6) throws -> (ViewHost, Store, SceneDocumentModel) {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"a": {"name": "build", "status": "running", "progress": 0.5}, "b": {"name": "test", "status": "ok", "progress": 1}}"#),
                      at: JSONPointer("/jobs"))
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        let host = ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: width, height: height)
        return (host, store, model)
    }

    private func lines(_ host: ViewHost) -> [String] {
        host.text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func aDocumentShowsItsStoreValuesMappedFormattedAndConditioned() throws {
        let (host, _, _) = try mount(Self.jobs)
        #expect(lines(host).prefix(3) == [
            "Jobs: untitled (—)",
            "? a build █████░░░░░ 50%",
            "✔ b test 100%",
        ])
        #expect(host.markup.contains("✔"))
    }

    @Test func oneMembersValueReEvaluatesOnlyTheNodesOfItsRowThatReadIt() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(.double(0.7), at: JSONPointer("/jobs/a/progress"))
        host.runFrame()
        // The ProgressView (its value) and the percentage: nothing else, in no other row.
        #expect(host.bodies(of: DocumentView.self) == 2)
        #expect(host.bodies == 3, "the two, and the ProgressView's own body; no other view's")
        // Named as `loom trace` names them: the node's place in the document and the member's key.
        let named = host.evaluations.map(\.view).filter { $0.contains(" /body") }.sorted()
        #expect(named == ["ProgressView /body/VStack/content/1/ForEach/content/0/HStack/content/2 [a]",
                          "Text /body/VStack/content/1/ForEach/content/0/HStack/content/3 [a]"])
        #expect(lines(host)[1] == "? a build ███████░░░ 70%")

        _ = try store.set(.string("failed"), at: JSONPointer("/jobs/a/status"))
        host.runFrame()
        // The glyph (its text and colour read status once each in one body) and the ProgressView's condition.
        #expect(host.bodies(of: DocumentView.self) == 2)
        #expect(lines(host)[1] == "✘ a build 70%")
    }

    @Test func aNewMemberEvaluatesTheRepetitionAndTheNewRowOnly() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(try JSONParser.parse(#"{"name": "deploy", "status": "queued"}"#), at: JSONPointer("/jobs/c"))
        host.runFrame()
        // The ForEach (its membership), the new row's HStack and its four nodes.
        #expect(host.bodies(of: DocumentView.self) == 6)
        #expect(lines(host)[3] == "? c deploy —")
    }

    @Test func anAbsolutePathReadByTheHeaderReEvaluatesTheHeaderOnly() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(.string("CI"), at: JSONPointer("/meta/title"))
        host.runFrame()
        #expect(host.bodies(of: DocumentView.self) == 1)
        #expect(lines(host)[0] == "Jobs: CI (—)")
    }

    @Test func aValueOfTheWrongTypeForItsFormatIsShownAsJSONInTheWarningColour() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(.string("half"), at: JSONPointer("/jobs/a/progress"))
        host.runFrame()
        // The bar has no number to show: indeterminate, as SwiftUI's `ProgressView(value: nil)`.
        #expect(lines(host)[1].hasPrefix("? a build ") && lines(host)[1].hasSuffix(" \"half\""))
        #expect(host.markup.contains("\"half\""))
    }

    @Test func aDocumentAppliedAgainKeepsTheViewsOfUnchangedNodes() throws {
        let (host, _, model) = try mount(Self.jobs)
        let changed = Self.jobs.replacingOccurrences(of: "Jobs: ", with: "CI jobs: ")
        model.replace(with: try SceneDocument.compile(Array(changed.utf8), replacing: model.document))
        host.runFrame()
        #expect(lines(host)[0] == "CI jobs: untitled (—)")
        // The root, the changed VStack and its changed header; the unchanged ForEach is skipped.
        #expect(host.bodies(of: DocumentView.self) == 2)
        #expect(!host.evaluations.contains { $0.causes.contains("@identity") && $0.view.contains(" /body") }, "no document view was made anew")
    }
}

extension DocumentViewTests {
    private func many(_ container: String, members: Int, height: Int = 5) throws -> ViewHost {
        let store = Store()
        var rows = JSONObject()
        for index in 0..<members { rows["m\(index)"] = .int(Int64(index)) }
        try store.set(.object(rows), at: JSONPointer("/rows"))
        let text = #"{"loom": 1, "body": {"\#(container)": {"content": [{"ForEach": {"data": "/rows", "content": [{"Text": "{$key}"}]}}]}}}"#
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        return ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 80, height: height)
    }

    @Test func aRepetitionOutsideALazyContainerBuildsAtMostMaximumEagerRowsAndSaysHowManyMore() throws {
        let host = try many("VStack", members: Repetition.maximumEagerRows + 500, height: 2_000)
        let lines = lines(host).filter { !$0.isEmpty }
        #expect(lines.count == Repetition.maximumEagerRows + 1)
        #expect(lines.last == "… and 500 more (a ForEach in a List or LazyVStack shows them all)")
    }

    @Test func aRepetitionInAListBuildsOnlyTheRowsInViewOfAHundredThousand() throws {
        let host = try many("List", members: 100_000)
        #expect(lines(host).first == "m0")
        #expect(host.bodies(of: DocumentView.self) < 30, "rows in view only: \(host.bodies(of: DocumentView.self))")
    }
}

extension DocumentViewTests {
    @Test func aTextOfRunsStylesEachRunAndIsOneView() throws {
        let (host, store, _) = try mount("""
        {"loom": 1, "body": {"Text": [{"text": "a {/jobs/a/status}", "foregroundColor": "red", "bold": true}, " · ",
                                      {"text": "b {/jobs/b/status}", "foregroundColor": {"bind": "/jobs/b/status", "map": {"ok": "green"}, "else": "yellow"}}]}}
        """)
        #expect(lines(host)[0] == "a running · b ok")
        #expect(host.markup.hasPrefix("{bold fg=red}a running{} · {fg=green}b ok{}"), "\(host.markup)")
        _ = try store.set(.string("failed"), at: JSONPointer("/jobs/b/status"))
        host.runFrame()
        #expect(host.bodies(of: DocumentView.self) == 1)
        #expect(host.markup.hasPrefix("{bold fg=red}a running{} · {fg=yellow}b failed{}"))
    }
}
