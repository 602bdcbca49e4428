import LoomGraph
import LoomLayout
import Testing

/// `LazyVGrid` and `GridItem`: columns resolved as SwiftUI resolves them, items filling them
/// row by row, and only the rows in view built.
@Suite("LazyVGrid")
struct LazyVGridTests {
    @Test func fixedAndFlexibleColumnsShareTheWidthAndItemsFillThemRowByRow() {
        let grid = LazyVGrid(columns: [GridItem(.fixed(3)), GridItem(.flexible(), alignment: .leading)], alignment: .leading) {
            ForEach(["a", "b", "c", "d", "e"], id: \.self) { Text($0) }
        }
        #expect(render(grid, 10, 3) == " a  b\n c  d\n e", "a centred in its 3 cells, b at the start of the other 6 after one cell's gap")
    }

    @Test func anAdaptiveItemMakesAsManyColumnsAsFitItsMinimum() {
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 5), spacing: 1, alignment: .leading)]) {
            ForEach(0..<7) { Text("#\($0)") }
        }
        // (20 + 1) / (5 + 1) = 3 columns, 6 cells each with the two gaps.
        #expect(render(grid, 20, 3) == "#0     #1     #2\n#3     #4     #5\n#6")
        #expect(render(grid, 11, 4) == "#0    #1\n#2    #3\n#4    #5\n#6", "narrower, fewer columns")
    }

    @Test func spacingSeparatesRowsAndTheTallestItemSetsARowsHeight() {
        let grid = LazyVGrid(columns: [GridItem(.fixed(2), alignment: .topLeading), GridItem(.fixed(2), alignment: .topLeading)], alignment: .leading, spacing: 1) {
            Text("a")
            Text("b\nb")
            Text("c")
        }
        #expect(render(grid, 10, 5) == "a  b\n   b\n\nc")
    }

    private struct Numbers: View {
        let count: Int
        var body: some View {
            ScrollView {
                LazyVGrid(columns: Array(repeating: GridItem(.flexible(), alignment: .leading), count: 4), alignment: .leading) {
                    ForEach(0..<count) { Text("\($0)") }
                }
            }
        }
    }

    @Test func inAScrollViewOnlyTheItemsOfTheRowsInViewAreBuiltWhateverTheCount() {
        let host = ViewHost(Numbers(count: 100_000), width: 40, height: 5)
        #expect(shown(host).split(separator: "\n").first == "0         1         2         3")
        let (graph, renderer, _) = renderedOnce(Numbers(count: 100_000), width: 40, height: 5)
        _ = renderer
        #expect(graph.liveNodes < 60, "five rows of four in view and a little overscan: \(graph.liveNodes) nodes")
        host.press(.pageDown)
        let first = shown(host).split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("16") && first.split(separator: " ") == ["16", "17", "18", "19"], "a page is four rows of four items: \(host.text)")
        host.press(.wheel(lines: 1_000_000, row: 0, column: 0))
        #expect(shown(host).split(separator: "\n").last == "99996     99997     99998     99999", "the last row, at its estimated place: \(host.text)")
    }

    @Test func aGridMakesAtMostItsMaximumOfColumns() {
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 1, maximum: 1), spacing: 0)]) {
            ForEach(0..<(GridItem.maximumColumns + 10), id: \.self) { _ in Text("x") }
        }
        let rows = render(grid, 4_096, 2).split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[0].filter { $0 == "x" }.count == GridItem.maximumColumns, "4,096 cells would fit 4,096 columns; the bound stops them")
        #expect(rows[1].filter { $0 == "x" }.count == 10)
    }
}
