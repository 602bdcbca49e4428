import LoomCells
import LoomGraph
import LoomLayout
import Observation
import Testing

@Observable
private final class Journal {
    var lines: [String]
    init(count: Int) { lines = (1...count).map { "line \($0)" } }
    func append() { lines.append("line \(lines.count + 1)") }
}

private struct Tail: View {
    let journal: Journal
    var body: some View { LogView(journal.lines, id: \.self, tail: LogView<[String], String, Text>.maximumTail) { Text($0) } }
}

private struct LazyLog: View {
    let journal: Journal
    var body: some View {
        ScrollView { LazyVStack(alignment: .leading, spacing: 0) { ForEach(journal.lines, id: \.self) { LazyLogLine(text: $0) } } }
            .defaultScrollAnchor(.bottom)
    }
}

private struct LazyLogLine: View {
    let text: String
    var body: some View { Text(text) }
}

/// `defaultScrollAnchor`: where a scroll container rests until a viewer scrolls it, and what it
/// does as its content changes — SwiftUI's initial offset, size-change and alignment roles.
@Suite("Scroll anchors")
struct ScrollAnchorTests {
    @Test func aContainerAnchoredAtItsBottomStartsAtTheEndOfItsContent() {
        let rows = ScrollView { VStack(alignment: .leading, spacing: 0) { ForEach(1...10, id: \.self) { Text("row \($0)") } } }
        #expect(render(rows.defaultScrollAnchor(.bottom), 10, 3) == "row 8\nrow 9\nrow 10")
        #expect(render(rows, 10, 3) == "row 1\nrow 2\nrow 3", "unanchored: the top")
        #expect(render(List(1...10, id: \.self) { Text("row \($0)") }.defaultScrollAnchor(.bottom), 10, 3) == "row 9\n──────────\nrow 10",
                "a list too")
    }

    @Test func contentSmallerThanItsScrollViewSitsWhereTheAnchorPutsIt() {
        let two = ScrollView { VStack(spacing: 0) { Text("a"); Text("b") } }
        #expect(render(two.defaultScrollAnchor(.bottom), 3, 5) == "\n\n\n a\n b")
        #expect(render(two.defaultScrollAnchor(.center), 3, 5) == "\n a\n b")
        #expect(render(two.defaultScrollAnchor(UnitPoint(x: .nan, y: 7)), 3, 5) == "\n\n\n a\n b", "fractions past 0…1 are clamped")
        #expect(render(two, 3, 5) == " a\n b")
    }

    @Test func aLogRestingAtItsEndShowsEachNewLine() {
        let journal = Journal(count: 10)
        let (_, renderer, viewport) = renderedOnce(Tail(journal: journal), width: 10, height: 3)
        #expect(viewport.screen == ["line 8", "line 9", "line 10"])
        journal.append()
        _ = renderer.render()
        #expect(viewport.screen == ["line 9", "line 10", "line 11"])
    }

    @Test func aViewerWhoScrollsBackReadsUndisturbedAndFollowsAgainOnceBackAtTheEnd() {
        let journal = Journal(count: 10)
        let graph = ViewGraph(Tail(journal: journal))
        let renderer = SceneRenderer(graph: graph)
        let reader = renderer.addViewport(size: Size(width: 10, height: 3))
        let watcher = renderer.addViewport(size: Size(width: 10, height: 3))
        _ = renderer.render()

        // The log takes the focus (nothing in it can), and ↑ scrolls it back a line at a time.
        reader.handle(.tab, in: graph)
        _ = renderer.render()
        for _ in 0..<3 { reader.handle(.up, in: graph) }
        _ = renderer.render()
        #expect(reader.grid.lines.first?.hasPrefix("line 5 ") == true, "\(reader.screen)")

        // Lines arrive: the reader's lines hold still; the other viewer follows the end.
        let reading = reader.grid.lines
        journal.append()
        journal.append()
        _ = renderer.render()
        #expect(reader.grid.lines == reading)
        #expect(watcher.screen == ["line 10", "line 11", "line 12"])

        // Back down to the end, the reader follows it again.
        for _ in 0..<10 { reader.handle(.down, in: graph); _ = renderer.render() }
        journal.append()
        _ = renderer.render()
        #expect(reader.grid.lines.last?.hasPrefix("line 13") == true, "\(reader.screen)")
        #expect(watcher.screen == ["line 11", "line 12", "line 13"])
    }

    @Test func aLazyColumnAnchoredAtItsBottomBuildsOnlyItsLastRowsAndFollowsAppends() {
        let journal = Journal(count: 1_000_000)
        let (graph, renderer, viewport) = renderedOnce(LazyLog(journal: journal), width: 20, height: 10)
        #expect(viewport.screen.last == "line 1000000", "\(viewport.screen)")
        #expect(viewport.screen.first == "line 999991")
        #expect(graph.counters(of: LazyLogLine.self).alive <= 10 + LazyWindow.overscan)

        graph.resetWorkCounters()
        journal.append()
        _ = renderer.render()
        #expect(viewport.screen.last == "line 1000001")
        #expect(graph.counters(of: LazyLogLine.self).bodies <= 2, "the new line (and one the window let in), not the column")
    }

    @Test func scrollingToTheAnchorsPlaceByHandRestsThereAgain() {
        let journal = Journal(count: 10)
        let (graph, renderer, viewport) = renderedOnce(Tail(journal: journal), width: 10, height: 3)
        let scroller = graph.nodes(named: "ScrollView")[0]
        viewport.scroll(scroller, toRow: 0)
        _ = renderer.render()
        #expect(viewport.screen.first == "line 1")
        viewport.scroll(scroller, toRow: 1_000)        // past the end: kept within the content, at the anchor
        _ = renderer.render()
        journal.append()
        _ = renderer.render()
        #expect(viewport.screen.last == "line 11")
    }
}
