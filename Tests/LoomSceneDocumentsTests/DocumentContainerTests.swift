@testable import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews
import Testing

/// Tables, tabs and navigation in documents: SwiftUI's own views, so their rules (lazy rows,
/// each viewer's tab and navigation) are the Swift views' rules.
@Suite("Scene documents: tables, tabs, navigation")
struct DocumentContainerTests {
    private func mount(_ text: String, width: Int = 50, height: Int = 8) throws -> (ViewHost, Store) {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"hosts": {"web-1": {"load": 0.42, "mem": 1610612736}, "db-1": {"load": 0.91}}}"#), at: .root)
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        return (ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: width, height: height), store)
    }

    private func lines(_ host: ViewHost) -> [String] {
        host.text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func aTableShowsARowPerMemberInItsColumnsAndAChangeReEvaluatesOneCell() throws {
        let (host, store) = try mount("""
        {"loom": 1, "body": {"Table": {"rows": {"data": "/hosts", "as": "host"}, "columns": [
          {"header": "host", "width": 8, "cell": {"Text": "{$key}"}},
          {"header": "load", "width": 6, "cell": {"Text": "{load|decimals:2}", "modifiers": [
            {"foregroundColor": {"bind": "load", "base": "green", "steps": [{"at": 0.9, "value": "red"}]}}]}},
          {"header": "mem", "cell": {"Text": "{mem|bytes ?? -}"}}
        ]}}}
        """)
        // Columns a cell apart, as a Swift Table's are.
        #expect(lines(host).prefix(4) == ["host     load   mem", String(repeating: "─", count: 50), "web-1    0.42   1.5 GiB", "db-1     0.91   -"])
        _ = try store.set(.double(0.5), at: JSONPointer("/hosts/db-1/load"))
        host.runFrame()
        #expect(host.bodies(of: DocumentView.self) == 1, "the one cell that reads it")
        #expect(lines(host)[3] == "db-1     0.50   -")
    }

    @Test func aNavigationLinkOpensItsDestinationInTheRowsScopeAndEscapeGoesBack() throws {
        let (host, _) = try mount("""
        {"loom": 1, "body": {"NavigationStack": {"content": [{"List": {"content": [{"ForEach": {"data": "/hosts", "content": [
          {"NavigationLink": {"label": {"Text": "{$key}"}, "destination": {"Text": "{$key} at {load|percent}", "modifiers": [{"navigationTitle": "{$key}"}]}}}
        ]}}]}, "modifiers": [{"navigationTitle": "Hosts"}]}]}}}
        """)
        #expect(host.text.contains("web-1") && host.text.contains("db-1"))
        #expect(host.tap("db-1"))
        #expect(lines(host).prefix(2) == ["db-1", "db-1 at 91%"], "the destination, under its title: \(host.text)")
        host.press(.escape)
        #expect(host.text.contains("web-1"))
    }

    @Test func aTabViewShowsOneTabAtATimeChosenFromItsBar() throws {
        let (host, _) = try mount("""
        {"loom": 1, "body": {"TabView": {"content": [
          {"Text": "first tab's content", "modifiers": [{"tabItem": "One"}]},
          {"Text": "second tab's content", "modifiers": [{"tabItem": "Two"}]}
        ]}}}
        """)
        #expect(host.text.contains("One") && host.text.contains("Two") && host.text.contains("first tab's content"))
        #expect(host.tap("Two"))
        #expect(host.text.contains("second tab's content") && !host.text.contains("first tab's content"))
    }

    @Test func gaugesSparklinesAndLogsReadTheStoreAndAnAppendedLineEvaluatesTheLogAndTheNewLine() throws {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"load": 0.5, "history": [0.1, 0.9, 0.5, "gap", 1], "log": ["one", "two", "three"]}"#), at: .root)
        let text = """
        {"loom": 1, "body": {"VStack": {"alignment": "leading", "content": [
          {"Gauge": {"value": {"bind": "/load"}, "in": [0, 2], "label": "load", "currentValueLabel": "{/load|decimals:2}"}, "modifiers": [{"frame": {"width": 20}}]},
          {"Sparkline": {"values": "/history", "in": [0, 1]}},
          {"LogView": {"data": "/log", "tail": 2, "line": {"Text": "> {$value}"}}, "modifiers": [{"frame": {"height": 2}}]}
        ]}}}
        """
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        let host = ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 30, height: 5)
        #expect(lines(host).prefix(4) == ["load ██▌░░░░░░░ 0.50", "▂▇▅ █", "> two", "> three"])
        _ = try store.apply(patch: [["op": "add", "path": "/log/-", "value": "four"]])
        host.runFrame()
        #expect(lines(host)[2...3] == ["> three", "> four"])
        // The log (its membership) and the new line's view; a line already shown keeps its view.
        #expect(host.bodies(of: DocumentView.self) == 2, "\(host.evaluations)")
    }

    @Test func aLogViewScrollsBackForItsViewerAndHoldsStillAsLinesArrive() throws {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"log": ["one", "two", "three", "four", "five"]}"#), at: .root)
        let text = #"{"loom": 1, "body": {"LogView": {"data": "/log", "line": {"Text": "> {$value}"}}}}"#
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        let host = ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 12, height: 2)
        #expect(lines(host) == ["> four", "> five"])
        host.press(.tab)
        host.press(.pageUp)
        #expect(lines(host)[0].hasPrefix("> three"), "\(lines(host))")
        _ = try store.apply(patch: [["op": "add", "path": "/log/-", "value": "six"]])
        host.runFrame()
        #expect(lines(host)[0].hasPrefix("> three"), "scrolled back: the lines read hold still")
        host.press(.pageDown)
        host.press(.pageDown)
        _ = try store.apply(patch: [["op": "add", "path": "/log/-", "value": "seven"]])
        host.runFrame()
        #expect(lines(host)[1].hasPrefix("> seven"), "back at the end: following it")
    }

    @Test func aScrollViewInADocumentRestsAtItsDefaultScrollAnchor() throws {
        let (host, _) = try mount("""
        {"loom": 1, "body": {"ScrollView": {"content": [{"ForEach": {"data": "/hosts", "content": [{"Text": "{$key}"}]}}]},
                             "modifiers": [{"defaultScrollAnchor": "bottom"}]}}
        """, width: 10, height: 1)
        #expect(lines(host) == ["db-1"], "the last member, at the bottom")
    }

    @Test func aStatusLineAlongTheBottomStaysInViewAndReadsTheStore() throws {
        let (host, store) = try mount("""
        {"loom": 1, "values": {"hosts": {"count": "/hosts"}}, "body": {"List": {"content": [{"ForEach": {"data": "/hosts", "content": [{"Text": "{$key}"}]}}]},
          "modifiers": [{"safeAreaInset": {"edge": "bottom", "content": {"HStack": {"content": [
            {"Text": "{$hosts} hosts"}, {"Spacer": {}}, {"Text": "db-1 {/hosts/db-1/load}"}]}}}}]}}
        """, width: 20, height: 3)
        #expect(lines(host) == ["web-1", String(repeating: "─", count: 20), "2 hosts    db-1 0.91"])
        _ = try store.set(.double(0.5), at: JSONPointer("/hosts/db-1/load"))
        host.runFrame()
        #expect(lines(host)[2] == "2 hosts     db-1 0.5")
        #expect(host.bodies(of: DocumentView.self) == 1, "the status line's one text that reads it")
    }

    @Test func gridsLineTheirColumnsUp() throws {
        let (host, _) = try mount("""
        {"loom": 1, "body": {"VStack": {"alignment": "leading", "content": [
          {"Grid": {"alignment": "leading", "horizontalSpacing": 2, "content": [
            {"GridRow": {"content": [{"Text": "a"}, {"Text": "bbbb"}]}},
            {"GridRow": {"content": [{"Text": "ccc"}, {"Text": "d"}]}}
          ]}},
          {"LazyVGrid": {"columns": [{"size": "fixed", "width": 6}, {"size": "fixed", "width": 6}], "alignment": "leading", "content": [
            {"ForEach": {"data": "/hosts", "content": [{"Text": "{$key}"}]}}
          ]}, "modifiers": [{"frame": {"height": 1}}]}
        ]}}}
        """, width: 20, height: 4)
        #expect(lines(host).prefix(3) == ["a    bbbb", "ccc  d", "web-1   db-1"], "columns of six cells, the default spacing between: \(host.text)")
    }
}
