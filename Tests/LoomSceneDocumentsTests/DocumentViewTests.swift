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
                      at: try JSONPointer("/jobs"))
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
        _ = try store.set(.double(0.7), at: try JSONPointer("/jobs/a/progress"))
        host.runFrame()
        // The ProgressView (its value) and the percentage: nothing else, in no other row.
        #expect(host.bodies(of: DocumentView.self) == 2)
        #expect(host.bodies == 3, "the two, and the ProgressView's own body; no other view's")
        #expect(lines(host)[1] == "? a build ███████░░░ 70%")

        _ = try store.set(.string("failed"), at: try JSONPointer("/jobs/a/status"))
        host.runFrame()
        // The glyph (its text and colour read status once each in one body) and the ProgressView's condition.
        #expect(host.bodies(of: DocumentView.self) == 2)
        #expect(lines(host)[1] == "✘ a build 70%")
    }

    @Test func aNewMemberEvaluatesTheRepetitionAndTheNewRowOnly() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(try JSONParser.parse(#"{"name": "deploy", "status": "queued"}"#), at: try JSONPointer("/jobs/c"))
        host.runFrame()
        // The ForEach (its membership), the new row's HStack and its four nodes.
        #expect(host.bodies(of: DocumentView.self) == 6)
        #expect(lines(host)[3] == "? c deploy —")
    }

    @Test func anAbsolutePathReadByTheHeaderReEvaluatesTheHeaderOnly() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(.string("CI"), at: try JSONPointer("/meta/title"))
        host.runFrame()
        #expect(host.bodies(of: DocumentView.self) == 1)
        #expect(lines(host)[0] == "Jobs: CI (—)")
    }

    @Test func aValueOfTheWrongTypeForItsFormatIsShownAsJSONInTheWarningColour() throws {
        let (host, store, _) = try mount(Self.jobs)
        _ = try store.set(.string("half"), at: try JSONPointer("/jobs/a/progress"))
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
        #expect(!host.evaluations.contains { $0.causes.contains("@identity") && $0.view == "DocumentView" })
    }
}
