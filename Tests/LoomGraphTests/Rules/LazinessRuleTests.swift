import LoomGraph
import Observation
import Testing

// Rule 7 of the semantics contract (docs/architecture.md, "The update rules"): lazy containers build only the window.

private struct EagerOrLazy: View {
    let lazy: Bool
    let rows: Int
    var body: some View {
        if lazy {
            ScrollView { LazyVStack { ForEach(0..<rows) { LazyRow(index: $0) } } }
        } else {
            ScrollView { VStack { ForEach(0..<rows) { LazyRow(index: $0) } } }
        }
    }
}

private struct LazyRow: View {
    let index: Int
    @State private var visits = 0
    var body: some View { Text("row \(index)") }
}

@Suite("Rule 7: lazy containers build only the rows in view")
struct LazinessRule {
    @Test func eagerStacksBuildEveryRow() {
        let graph = mount(EagerOrLazy(lazy: false, rows: 1_000))
        #expect(graph.bodies(LazyRow.self) == 1_000)
    }

    @Test(arguments: [1_000, 1_000_000])
    func lazyStacksBuildTheVisibleRowsPlusOverscanWhateverTheLength(rows: Int) {
        let graph = mount(EagerOrLazy(lazy: true, rows: rows), window: LazyWindow(visibleRows: 20))
        #expect(graph.bodies(LazyRow.self) == 20 + LazyWindow.overscan)
        #expect(graph.counters(of: LazyRow.self).alive == 20 + LazyWindow.overscan)
    }

    @Test func scrollingByOneRowBuildsTheRowThatEntersAndReleasesTheOneThatLeft() {
        let graph = mount(EagerOrLazy(lazy: true, rows: 1_000_000), window: LazyWindow(firstVisibleRow: 10, visibleRows: 20))
        #expect(graph.texts.first == "row 8")
        let appears = graph.counters(of: LazyRow.self).appears
        graph.afterPass { graph.lazyWindow = LazyWindow(firstVisibleRow: 11, visibleRows: 20) }
        #expect(graph.bodies(LazyRow.self) == 1)
        #expect(graph.counters(of: LazyRow.self).appears == appears + 1)
        #expect(graph.counters(of: LazyRow.self).alive == 20 + LazyWindow.overscan)
        #expect(graph.texts.first == "row 9")
        #expect(graph.texts.last == "row 32")
    }

    @Test func aWindowPastTheEndBuildsTheLastRows() {
        let graph = mount(EagerOrLazy(lazy: true, rows: 1_000), window: LazyWindow(firstVisibleRow: 5_000, visibleRows: 20))
        #expect(graph.counters(of: LazyRow.self).alive == 20 + LazyWindow.overscan / 2)
        #expect(graph.texts.first == "row 978" && graph.texts.last == "row 999")
    }
}
