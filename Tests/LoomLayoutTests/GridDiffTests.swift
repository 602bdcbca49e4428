import LoomCells
import LoomLayout
import LoomTestSupport
import Testing

@Suite("Grid diffs")
struct GridDiffTests {
    @Test func applyingTheDiffOfTwoRandomGridsToTheFirstGivesTheSecond() {
        var generator = SplitMix(state: 2026)
        for round in 0..<3_000 {
            let width = Int.random(in: 1...24, using: &generator), height = Int.random(in: 1...8, using: &generator)
            var old = randomGrid(width: width, height: height, using: &generator)
            var new = randomGrid(width: width, height: height, using: &generator)
            if round % 3 == 0 { new = old }
            if round % 5 == 0 { new.scroll(rows: 0..<height, columns: 0..<width, by: 1) }
            let operations = GridDiff.diff(from: old, to: new, scrollRegions: round % 2 == 0 ? [new.bounds] : [])
            old.apply(operations)
            #expect(old == new, "round \(round)")
            if old != new { break }
        }
    }

    @Test func randomScrolledGridsAreSentWithAScrollOperation() {
        var generator = SplitMix(state: 7)
        for round in 0..<500 {
            let width = Int.random(in: 4...30, using: &generator), height = Int.random(in: 6...20, using: &generator)
            let shift = Int.random(in: 1...3, using: &generator) * (round % 2 == 0 ? 1 : -1)
            var old = CellGrid(width: width, height: height)
            for row in 0..<height {
                old.put(Cluster.clusters(of: "r\(row) " + String(repeating: "日x", count: row % 5)), style: StyleID(rawValue: UInt32(row % 3)), row: row, column: 0, clip: old.bounds)
            }
            var new = old
            new.scroll(rows: 0..<height, columns: 0..<width, by: shift)
            let fresh = shift > 0 ? (height - shift)..<height : 0..<(-shift)
            new.fill(GridRect(column: 0, row: fresh.lowerBound, width: width, height: fresh.count), with: .blank)
            for row in fresh { new.put(Cluster.clusters(of: "new \(row)"), style: .plain, row: row, column: 0, clip: new.bounds) }
            let operations = GridDiff.diff(from: old, to: new, scrollRegions: [new.bounds])
            #expect(operations.first == .scroll(top: 0, bottom: height, left: 0, right: width, rows: shift), "round \(round)")
            #expect(operations.count <= 1 + abs(shift), "round \(round): one scroll and the rows that entered")
            old.apply(operations)
            #expect(old == new, "round \(round)")
        }
    }

    @Test func scrollingAListByOneRowSendsOneScrollAndOneRow() {
        var old = CellGrid(width: 20, height: 10)
        for row in 0..<10 { old.put(Cluster.clusters(of: "row \(row) text"), style: .plain, row: row, column: 0, clip: old.bounds) }
        var new = CellGrid(width: 20, height: 10)
        for row in 0..<10 { new.put(Cluster.clusters(of: "row \(row + 1) text"), style: .plain, row: row, column: 0, clip: new.bounds) }
        let operations = GridDiff.diff(from: old, to: new, scrollRegions: [new.bounds])
        #expect(operations.count == 2)
        #expect(operations.first == .scroll(top: 0, bottom: 10, left: 0, right: 20, rows: 1))
        old.apply(operations)
        #expect(old == new)
    }

    /// Equal cells are skipped a block at a time (`GridDiff.equalBlock`): a change is found
    /// wherever it falls, at a block's first or last cell or across two.
    @Test func aFewChangesInWideRowsAreFoundWhereverTheyFall() {
        var generator = SplitMix(state: 16)
        for round in 0..<2_000 {
            let width = Int.random(in: 1...100, using: &generator), height = Int.random(in: 1...4, using: &generator)
            var old = randomGrid(width: width, height: height, using: &generator)
            var new = old
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                new.put(Cluster.clusters(of: "#")[0], style: StyleID(rawValue: 7), row: Int.random(in: 0..<height, using: &generator),
                        column: Int.random(in: 0..<width, using: &generator), clip: new.bounds)
            }
            // The rows the caller names, which may leave changed rows out: those stay as they were.
            let rows = (0..<height).filter { _ in Bool.random(using: &generator) || height == 1 }
            var operations: [GridOperation] = []
            GridDiff.diff(rows: rows, old: rows.flatMap { old.row($0) }, to: new, into: &operations)
            let before = old
            for case .line(let row, let column, _) in operations {
                #expect(old[row, column] != new[row, column] || new[row, column].isContinuation || old[row, column + 1] != new[row, column + 1],
                        "round \(round): a span starts at a change")
            }
            old.apply(operations)
            for row in 0..<height {
                #expect(old.row(row) == (rows.contains(row) ? new : before).row(row), "round \(round), row \(row)")
            }
            if (0..<height).contains(where: { old.row($0) != (rows.contains($0) ? new : before).row($0) }) { break }
        }
    }

    @Test func aOneCellChangeIsOneOperationOfOneRun() {
        let old = CellGrid(width: 200, height: 50)
        var new = old
        new.put(Cluster.clusters(of: "x")[0], style: StyleID(rawValue: 3), row: 10, column: 42, clip: new.bounds)
        #expect(GridDiff.diff(from: old, to: new) == [.line(row: 10, column: 42, runs: [CellRun("x", style: StyleID(rawValue: 3))])])
    }

    @Test func runsRepeatIdenticalCellsAndGiveStylesOnlyWhereTheyChange() {
        var grid = CellGrid(width: 8, height: 1)
        grid.put(Cluster.clusters(of: "aaab"), style: StyleID(rawValue: 1), row: 0, column: 0, clip: grid.bounds)
        #expect(GridDiff.keyframe(grid) == [.line(row: 0, column: 0, runs: [
            CellRun("a", style: StyleID(rawValue: 1), repeatCount: 3), CellRun("b"), CellRun(" ", style: .plain, repeatCount: 4),
        ])])
    }

    @Test func overwritingHalfAWideClusterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1)
        grid.put(Cluster.clusters(of: "日本"), style: .plain, row: 0, column: 0, clip: grid.bounds)
        grid.put(Cluster.clusters(of: "x")[0], style: .plain, row: 0, column: 1, clip: grid.bounds)
        #expect(grid.lines == [" x本"])
        grid.put(Cluster.clusters(of: "日")[0], style: .plain, row: 0, column: 3, clip: grid.bounds)
        #expect(grid.lines == [" x  "], "clipped at the edge, a wide cluster is a space, and the 本 it half covered is gone")
    }

    /// `fill` writes its edge cells one by one and stores the others: the same grid as writing
    /// every cell, wide clusters cut at either edge included.
    @Test func fillingARectangleEqualsWritingEachOfItsCells() {
        var random = SplitMix(state: 7)
        for _ in 0..<500 {
            let grid = randomGrid(width: 9, height: 3, using: &random)
            let column = Int.random(in: -2...9, using: &random), row = Int.random(in: -1...3, using: &random)
            let rect = GridRect(column: column, row: row, width: Int.random(in: 0...11, using: &random), height: Int.random(in: 0...4, using: &random))
            let cell = [Cell.blank, Cell("z", style: StyleID(rawValue: 2))].randomElement(using: &random)!
            var filled = grid, written = grid
            filled.fill(rect, with: cell)
            let area = rect.intersection(grid.bounds)
            for r in area.row..<area.maxRow { for c in area.column..<area.maxColumn { written.write(cell, row: r, column: c) } }
            #expect(filled == written, "\(rect) over\n\(grid)")
        }
    }
}
