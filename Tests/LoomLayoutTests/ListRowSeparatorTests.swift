import LoomGraph
import LoomLayout
import Observation
import Testing

/// `listRowSeparator`: a row hides (or shows) the lines a `List` draws between rows, and a
/// hidden line takes no row.
@Suite("List row separators")
struct ListRowSeparatorTests {
    @Test func rowsThatHideTheirSeparatorsTakeNoRowsForThem() {
        #expect(render(List(0..<3, id: \.self) { Text("row \($0)").listRowSeparator(.hidden) }, 6, 5) == "row 0\nrow 1\nrow 2")
    }

    @Test func aLineShowsOnlyWhereNeitherNeighbourHidesIt() {
        // Row 1 hides its bottom edge, row 3 its top: of the three lines, the first is left.
        let list = List(0..<4, id: \.self) { index in
            Text("row \(index)")
                .listRowSeparator(index == 1 || index == 3 ? .hidden : .automatic, edges: index == 1 ? .bottom : .top)
        }
        #expect(render(list, 6, 8) == "row 0\n──────\nrow 1\nrow 2\nrow 3")
    }

    @Test func theRowsTraitIsFoundThroughItsModifiersAndTheOutermostDecidesEachEdge() {
        let wrapped = List(0..<2, id: \.self) { Text("row \($0)").listRowSeparator(.hidden).padding(.leading, 1).bold() }
        #expect(render(wrapped, 6, 3) == " row 0\n row 1")
        let overridden = List(0..<2, id: \.self) { Text("row \($0)").listRowSeparator(.hidden).listRowSeparator(.visible) }
        #expect(render(overridden, 6, 3) == "row 0\n──────\nrow 1", "the outer modifier shows them again")
        let topOnly = List(0..<2, id: \.self) { Text("row \($0)").listRowSeparator(.hidden).listRowSeparator(.visible, edges: .top) }
        #expect(render(topOnly, 6, 3) == "row 0\nrow 1", "the bottom edges stay hidden, and a line needs both")
        let inside = List(0..<2, id: \.self) { index in HStack { Text("row \(index)").listRowSeparator(.hidden) } }
        #expect(render(inside, 6, 3) == "row 0\n──────\nrow 1", "a modifier inside the row's content is not the row's")
    }

    @Test func aRowThatStartsHidingItsSeparatorMovesTheRowsAfterIt() {
        let flags = Flags()
        let (graph, renderer, viewport) = renderedOnce(FlaggedList(flags: flags), width: 6, height: 5)
        #expect(viewport.screen == ["row 0", "──────", "row 1", "──────", "row 2"])
        graph.resetWorkCounters()
        flags.compact = true
        _ = renderer.render()
        #expect(graph.totalBodies == 1, "one row evaluated")
        #expect(viewport.screen == ["row 0", "row 1", "──────", "row 2", ""])
        flags.compact = false
        _ = renderer.render()
        #expect(viewport.screen == ["row 0", "──────", "row 1", "──────", "row 2"])
    }

    @Test func aLongListWithoutSeparatorsIsEstimatedAndScrolledAtOneRowARow() {
        let (graph, renderer, viewport) = renderedOnce(List(0..<1_000_000, id: \.self) { Text("row \($0)").listRowSeparator(.hidden) }, width: 12, height: 4)
        let list = graph.nodes(named: "List")[0]
        viewport.scroll(list, toRow: 500_000)
        _ = renderer.render()
        #expect(viewport.screen == ["row 500000", "row 500001", "row 500002", "row 500003"])
        viewport.scroll(list, toRow: 2_000_000)          // past the end: the layout clamps to the last rows
        _ = renderer.render()
        #expect(viewport.screen == ["row 999996", "row 999997", "row 999998", "row 999999"])
    }
}

@Observable
private final class Flags {
    var compact = false
}

/// Row 0 hides its separators while `compact` is set: only that row reads it, so only that
/// row changes, and the list's last layout is reused but for it.
private struct FlaggedList: View {
    let flags: Flags
    var body: some View { List(0..<3, id: \.self) { FlaggedRow(index: $0, flags: flags) } }
}

private struct FlaggedRow: View {
    let index: Int
    let flags: Flags
    var body: some View {
        Text("row \(index)").listRowSeparator(index == 0 && flags.compact ? .hidden : .automatic)
    }
}
