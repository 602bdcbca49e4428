/// The operations that turn one grid into another: `apply(diff(A, B), to: A) == B`, always.
///
/// Algorithm:
/// 1. For each scroll region the caller names (a scroll container's frame), find the vertical
///    shift that makes the most rows of the region equal (comparing row hashes); if it beats
///    redrawing, emit one `scroll` and apply it to a working copy of A.
/// 2. For each row that still differs, emit `line` operations for the changed spans (spans
///    closer than `joinGap` cells are joined); runs of identical cells become one run with a
///    repeat count; styles are given only where they change. Spans never start on the right
///    half of a wide cluster nor end between its halves.
import Glibc
import LoomCells
package enum GridDiff {
    /// Changed spans closer than this are sent as one (cheaper than a new operation's header).
    static let joinGap = 4
    /// Changed rows below this never make a scroll worth sending.
    static let scrollThreshold = 3

    package static func diff(from old: CellGrid, to new: CellGrid, scrollRegions: [GridRect] = []) -> [GridOperation] {
        precondition(old.width == new.width && old.height == new.height, "diff needs grids of one size; send a keyframe instead")
        var operations: [GridOperation] = []
        var current = old
        for region in scrollRegions {
            let area = region.intersection(new.bounds)
            if let shift = bestShift(from: current, to: new, in: area) {
                let scroll = GridOperation.scroll(top: area.row, bottom: area.maxRow, left: area.column, right: area.maxColumn, rows: shift)
                operations.append(scroll)
                current.apply(scroll)
            }
        }
        for row in 0..<new.height {
            lineOperations(row: row, from: current.row(row), to: new.row(row), width: new.width, into: &operations)
        }
        return operations
    }

    /// The operations for rows known to be the only ones that changed, given their old cells
    /// one row after another in `old`, appended to `operations` (both buffers the caller keeps
    /// from frame to frame): a one-row change costs a row, not a screen (no scroll is looked for).
    package static func diff(rows: [Int], old: [Cell], to new: CellGrid, into operations: inout [GridOperation]) {
        precondition(old.count == rows.count * new.width, "rows of another width")
        for (index, row) in rows.enumerated() {
            let start = index * new.width
            lineOperations(row: row, from: old[start..<(start + new.width)], to: new.row(row), width: new.width, into: &operations)
        }
    }

    /// Every cell of `grid`, as line operations (a keyframe).
    package static func keyframe(_ grid: CellGrid) -> [GridOperation] {
        (0..<grid.height).map { row in
            .line(row: row, column: 0, runs: runs(grid.row(row)))
        }
    }

    private static func bestShift(from old: CellGrid, to new: CellGrid, in area: GridRect) -> Int? {
        guard area.height > 2 else { return nil }
        func rowsEqual(_ row: Int) -> Bool {
            (area.column..<area.maxColumn).allSatisfy { old[row, $0] == new[row, $0] }
        }
        // A scroll pays only when several rows changed; most frames change one or two.
        guard (area.row..<area.maxRow).lazy.filter({ !rowsEqual($0) }).prefix(scrollThreshold).count == scrollThreshold else { return nil }
        func key(_ grid: CellGrid, _ row: Int) -> Int {
            var hasher = Hasher()
            for column in area.column..<area.maxColumn { hasher.combine(grid[row, column]) }
            return hasher.finalize()
        }
        let oldRows = (area.row..<area.maxRow).map { key(old, $0) }
        let newRows = (area.row..<area.maxRow).map { key(new, $0) }
        let unchanged = zip(oldRows, newRows).filter { $0 == $1 }.count
        var best: (shift: Int, matches: Int)?
        for shift in -(area.height / 2)...(area.height / 2) where shift != 0 {
            var matches = 0
            for index in 0..<area.height where index + shift >= 0 && index + shift < area.height {
                if newRows[index] == oldRows[index + shift] { matches += 1 }
            }
            if matches > (best?.matches ?? unchanged + 1) { best = (shift, matches) }
        }
        return best?.shift
    }

    /// Equal cells are skipped this many at a time, compared as memory (see `Cell`): a changed
    /// row is mostly as it was.
    static let equalBlock = 16

    private static func lineOperations(row: Int, from old: ArraySlice<Cell>, to new: ArraySlice<Cell>, width: Int,
                                       into operations: inout [GridOperation]) {
        precondition(old.count >= width && new.count >= width, "a row narrower than the grid")
        let base = new.startIndex
        func send(_ span: Range<Int>) {
            operations.append(.line(row: row, column: span.lowerBound, runs: runs(new[(base + span.lowerBound)..<(base + span.upperBound)])))
        }
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                // The changed span found last, sent once the next one is known not to join it.
                var pending: Range<Int>?
                var column = 0
                while column < width {
                    let block = min(equalBlock, width - column)
                    if memcmp(old.baseAddress! + column, new.baseAddress! + column, block * MemoryLayout<Cell>.stride) == 0 {
                        column += block
                        continue
                    }
                    // A cell of the block differs: the first one is found before its end.
                    while old[column] == new[column] { column += 1 }
                    var start = column
                    if new[start].isContinuation || old[start].isContinuation { start = max(0, start - 1) }
                    var end = column + 1
                    while end < width {
                        if old[end] != new[end] {
                            end += 1
                        } else if (end..<min(width, end + joinGap)).contains(where: { old[$0] != new[$0] }) {
                            end += 1
                        } else {
                            break
                        }
                    }
                    if end < width && new[end].isContinuation { end += 1 }
                    if let last = pending, last.upperBound >= start {
                        pending = last.lowerBound..<end
                    } else {
                        if let last = pending { send(last) }
                        pending = start..<end
                    }
                    column = end
                }
                if let pending { send(pending) }
            }
        }
    }

    static func runs(_ cells: ArraySlice<Cell>) -> [CellRun] {
        var runs: [CellRun] = []
        var style: StyleID?
        var last: CellText?
        for cell in cells {
            if cell.content == last, cell.style == style {
                runs[runs.count - 1].repeatCount += 1
            } else {
                runs.append(CellRun(cell.text, style: cell.style == style ? nil : cell.style))
                style = cell.style
                last = cell.content
            }
        }
        return runs
    }
}
