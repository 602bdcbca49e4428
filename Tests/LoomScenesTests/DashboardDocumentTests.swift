import Foundation
import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
@testable import LoomScenes
import LoomSceneDocuments
import LoomStore
import LoomStoreViews
import Testing

/// The built-in dashboard declared as a document (`docs/examples/scenes/dashboard.json`) next to
/// the Swift one, over the same store: the same screen at three sizes, and the differences
/// docs/scene-documents.md lists, pinned here so the list stays true.
@Suite("The dashboard as a document")
struct DashboardDocumentTests {
    static let document: SceneDocument = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/examples/scenes/dashboard.json")
        return try! SceneDocument.compile(Array(try! Data(contentsOf: url)))
    }()

    private func both(width: Int, height: Int) throws -> (swift: ViewHost, document: ViewHost, store: Store) {
        let store = Store()
        try store.set(try JSONParser.parse("""
        {"hosts": {"web-1": {"up": true, "load": 0.4}, "db-1": {"up": false}},
         "log": ["one", "two", "three", "four", "five", "six"],
         "jobs": {"b-1": {"name": "build", "status": "running", "progress": 0.5}, "t-1": {"name": "test", "status": "failed"},
                  "d-1": {"name": "deploy", "status": "weird", "progress": 1}}}
        """), at: .root)
        let swift = ViewHost(Dashboard().environment(\.store, store), width: width, height: height)
        let document = ViewHost(SceneDocumentView(model: SceneDocumentModel(Self.document)).environment(\.store, store), width: width, height: height)
        return (swift, document, store)
    }

    @Test(arguments: [(40, 12), (80, 24), (120, 40)])
    func theDocumentShowsWhatTheSwiftDashboardShows(width: Int, height: Int) throws {
        let (swift, document, _) = try both(width: width, height: height)
        #expect(document.text == swift.text, "\\n\\(document.text)\\n---\\n\\(swift.text)")
    }
}

extension DashboardDocumentTests {
    @Test func aJobsDetailShowsTheSameAndEscapeComesBack() throws {
        let (swift, document, _) = try both(width: 60, height: 12)
        for host in [swift, document] {
            host.press(.down)
            host.press(.enter)
        }
        #expect(swift.text.hasPrefix("job b-1"))
        #expect(document.text == swift.text, "\n\(document.text)\n---\n\(swift.text)")
        swift.press(.escape)
        document.press(.escape)
        #expect(document.text == swift.text)
    }

    /// The one difference on screen: a progress bar's empty part is dim in the document (the
    /// `ProgressView` every document bar is) where the Swift dashboard's own bar draws it gray.
    @Test func theStylesDifferOnlyInTheProgressTrack() throws {
        let (swift, document, _) = try both(width: 80, height: 24)
        #expect(swift.markup != document.markup)
        #expect(swift.markup.replacingOccurrences(of: "{fg=bright_black}░", with: "{dim}░") == document.markup)
    }

    /// What each change evaluates, in each: the document's views are finer than the Swift
    /// dashboard's (a Swift `JobRow` is eight document views), so a change evaluates more of
    /// them; in both, only views that read what changed. Pinned so docs/scene-documents.md's
    /// table stays true.
    @Test(arguments: [
        ("/jobs/b-1/progress", JSONValue.double(0.6), 2, 5),  // Swift: the row and its bar; document: the bar's two conditions, the bar, its percentage, and the bar's own body
        ("/jobs/b-1/status", "ok", 2, 4),                      // Swift: the counts and the row; document: the counts (one text of four runs), the status's colour, symbol and text
        ("/log/6", "seven", 2, 3),                             // the log and the new line; the document's log view has a body of its own
        ("/hosts/web-1/load", .double(0.5), 1, 1),             // the host's badge
        ("/jobs/n-1", ["name": "new"], 3, 12),                 // the list and the new row (the document's row is more views)
    ] as [(String, JSONValue, Int, Int)])
    func eachChangeEvaluatesOnlyTheViewsThatReadIt(path: String, value: JSONValue, swiftBodies: Int, documentBodies: Int) throws {
        let (swift, document, store) = try both(width: 80, height: 24)
        _ = try store.set(value, at: try JSONPointer(path))
        swift.runFrame()
        document.runFrame()
        #expect(swift.bodies == swiftBodies)
        #expect(document.bodies == documentBodies)
        #expect(document.text == swift.text)
    }
}
