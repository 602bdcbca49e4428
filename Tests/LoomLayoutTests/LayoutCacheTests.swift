import LoomGraph
import LoomLayout
import Observation
import Testing

@Observable
private final class Cell: Identifiable {
    let id: Int
    var text: String
    init(id: Int) {
        self.id = id
        self.text = "cell \(id)"
    }
}

private struct CellRow: View {
    let cell: Cell
    var body: some View { HStack { Text(cell.text); Spacer(); Text("#\(cell.id)") } }
}

private struct Cells: View {
    let cells: [Cell]
    var body: some View { VStack(alignment: .leading) { ForEach(cells) { CellRow(cell: $0) } } }
}

private struct Nested: View {
    let depth: Int
    var body: some View {
        if depth > 0 {
            VStack { Nested(depth: depth - 1) }
        } else {
            Text("bottom")
        }
    }
}

@Suite("Layout caching and limits")
struct LayoutCacheTests {
    @Test func oneRowChangingReMeasuresOnlyThatRowAndItsAncestors() {
        let cells = (0..<1_000).map(Cell.init)
        let renderer = SceneRenderer(graph: ViewGraph(Cells(cells: cells)))
        _ = renderer.addViewport(size: Size(width: 40, height: 50))
        _ = renderer.render()
        let full = renderer.engine.measurements
        cells[10].text = "changed"
        let frame = renderer.render()
        #expect(renderer.engine.measurements < 40, "measured \(renderer.engine.measurements) of \(full) (a full layout)")
        #expect(frame[0].operations.count == 1)
    }

    /// A stack shares its room among its children by how flexible they are, except spacers,
    /// which get what is left: a spacer's flexibility is never used, so it is not measured at
    /// infinity. A row of a text, a spacer and a text on a screen of its height, laid out the
    /// first time: each text measured at zero, at infinity and at its share, the spacer at zero
    /// and at its share, the row once.
    @Test func aStackDoesNotMeasureItsSpacersAtInfinity() {
        let renderer = SceneRenderer(graph: ViewGraph(CellRow(cell: Cell(id: 0))))
        _ = renderer.addViewport(size: Size(width: 40, height: 1))
        _ = renderer.render()
        #expect(renderer.engine.measurements == 3 + 2 + 3 + 1)
    }

    @Test func textsPlacedButNotMeasuredKeepTheirLinesFromFrameToFrame() {
        // In a List, an unchanged row's size comes from its cached entry, so its texts are only
        // placed: their lines must come from the cache too, frame after frame.
        let cells = (0..<1_000).map(Cell.init)
        let renderer = SceneRenderer(graph: ViewGraph(List(cells) { CellRow(cell: $0) }))
        _ = renderer.addViewport(size: Size(width: 40, height: 50))
        _ = renderer.render()
        for round in 0..<3 {
            cells[round].text = "changed \(round)"
            _ = renderer.render()
            #expect(renderer.engine.textLayouts <= 4, "round \(round): \(renderer.engine.textLayouts) texts laid out for one changed row")
        }
    }

    @Test func primitivesNestedPastTheLimitAreCutNotCrashed() {
        let renderer = SceneRenderer(graph: ViewGraph(Nested(depth: 5_000)))
        let viewport = renderer.addViewport(size: Size(width: 10, height: 3))
        _ = renderer.render()
        #expect(renderer.engine.depthLimitHits > 0)
        #expect(viewport.grid.lines.allSatisfy { $0.allSatisfy { $0 == " " } }, "the text below the limit is not drawn")
    }
}

@Observable
private final class Tint {
    var red = false
    var count = 0
}

/// A board's row: a fixed label under a style that an ancestor sets, and a count.
private struct TintedRow: View {
    let tint: Tint
    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Text("label").frame(width: 8, alignment: .leading)
                Text("\(tint.count)")
            }
            .foregroundStyle(tint.red ? .red : .primary)
        }
    }
}

@Suite("Modified leaves skipped as equal")
struct ModifiedLeafLayoutTests {
    /// A `Text(…).frame(…)` made again equal is skipped (its sizes kept), yet still follows what
    /// it inherits: a style written above it changes its drawing, and a sibling's change moves
    /// nothing of it.
    @Test func anEqualModifiedLeafKeepsItsLayoutAndStillFollowsTheEnvironment() {
        let tint = Tint()
        let host = ViewHost(TintedRow(tint: tint), width: 12, height: 1)
        host.runFrame()
        #expect(host.markup == "label    0")
        tint.count = 1
        host.runFrame()
        #expect(host.markup == "label    1")
        tint.red = true
        host.runFrame()
        #expect(host.markup == "{fg=red}label{}    {fg=red}1{}", "the skipped label follows the style written above it")
    }
}
