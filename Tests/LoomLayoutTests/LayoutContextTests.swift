import LoomCells
import LoomGraph
@testable import LoomLayout
import LoomTestSupport
import Observation
import Testing

@Observable
private final class Cell {
    var text = "a"
    var other = "xxxx"
}

private struct TwoRows: View {
    let cell: Cell
    var body: some View {
        Grid(alignment: .leading) {
            GridRow { Text(cell.text); Text(cell.other) }
            StillRow()
        }
    }
}

/// A row with no inputs: never evaluated again, so its boxes are candidates for reuse.
private struct StillRow: View {
    var body: some View { GridRow { Text("b"); Text("y") } }
}

/// What every placed box carries: its context is copied and compared for each box, so it stays
/// plain data, and a grid's columns are named in it by a number that never names other columns.
@Suite("Layout context")
struct LayoutContextTests {
    @Test func aContextIsPlainDataWithNothingToRetain() {
        #expect(_isPOD(LayoutContext.self))
        #expect(_isPOD(TextOptions.self) && _isPOD(Style.self))
    }

    @Test func equalGridColumnsShareANumberAndANumberNeverNamesOtherColumns() {
        var grids = GridColumnNumbers()
        let narrow = GridColumns(widths: [3, 4], spacing: 1, verticalSpacing: 0, alignment: .leading)
        let wide = GridColumns(widths: [8, 4], spacing: 1, verticalSpacing: 0, alignment: .leading)
        let first = grids.number(for: narrow)
        #expect(grids.number(for: narrow) == first)
        #expect(grids.number(for: wide) != first)
        #expect(grids.columns(first) == narrow)

        // Past the bound every set is forgotten; numbers go on rising, so none is reused.
        var numbers: Set<Int> = [first, grids.number(for: wide)]
        for width in 0..<(GridColumnNumbers.maximumSets + 10) {
            numbers.insert(grids.number(for: GridColumns(widths: [width], spacing: 0, verticalSpacing: 0, alignment: .leading)))
        }
        #expect(numbers.count == GridColumnNumbers.maximumSets + 12)
        #expect(grids.columns(first) == nil, "forgotten")
        #expect(grids.number(for: narrow) != first, "the same columns again: a new number")
    }

    @Test func aRowWhoseCellsDidNotChangeIsPlacedAgainInColumnsAnotherRowChanged() {
        let cell = Cell()
        let (_, renderer, viewport) = renderedOnce(TwoRows(cell: cell), width: 20, height: 2)
        #expect(viewport.screen == ["a xxxx", "b y"])
        // The grid keeps its width (and the second row its frame); only its columns move.
        (cell.text, cell.other) = ("aaaa", "x")
        _ = renderer.render()
        #expect(viewport.screen == ["aaaa x", "b    y"], "the second row follows the columns")
        (cell.text, cell.other) = ("a", "xxxx")
        _ = renderer.render()
        #expect(viewport.screen == ["a xxxx", "b y"], "and back: the columns it had before")
    }
}

/// A text's lines are kept per width and line limit, and lines without a limit serve a limit
/// they fit (`LayoutEngine.textLines`): whatever the order the layout asks them in, they are
/// the lines `LineBreaker` gives for that width and limit.
@Suite("Text lines kept by the engine")
struct TextLinesCacheTests {
    @Test func keptAndSharedLinesAreTheLinesTheLineBreakerGives() {
        let texts = ["", "abc", "a b c d", "value 123", "a longer title that wraps onto a second line", "漢字のタイトル", "x\ty", "one\ntwo three", "a\nb\nc", "a\n", "\n"]
        var random = SplitMix(state: 20)
        for text in texts {
            let graph = ViewGraph(Text(text))
            let engine = LayoutEngine()
            var asks: [(width: Int?, height: Int?, options: TextOptions)] = []
            for width in [nil, 0, 1, 2, 3, 5, 8, 13, 40] as [Int?] {
                for height in [nil, 1, 2, 3] as [Int?] {
                    for limit in [nil, 1, 2] as [Int?] {
                        for truncation in [TruncationMode.tail, .head, .middle] {
                            asks.append((width, height, TextOptions(lineLimit: limit, truncation: truncation)))
                        }
                    }
                }
            }
            asks.shuffle(using: &random)
            for ask in asks {
                var limited = ask.options
                if let height = ask.height { limited.lineLimit = min(limited.lineLimit ?? max(height, 1), max(height, 1)) }
                let expected = LineBreaker.lines(.plain(text), width: ask.width, options: limited)
                let lines = engine.textLines(.plain(text), node: graph.root, width: ask.width, height: ask.height, options: ask.options)
                #expect(lines == expected, "\(text.debugDescription) at \(ask.width.map(String.init) ?? "nil")x\(ask.height.map(String.init) ?? "nil"), \(ask.options)")
                if lines != expected { return }
            }
        }
    }
}
