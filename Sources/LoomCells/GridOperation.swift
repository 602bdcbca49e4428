/// A run of identical cells in a line operation, in the style of Neovim's `grid_line`:
/// `[text, style?, repeat?]`; a missing style means "the same as the run before".
public struct CellRun: Sendable, Hashable {
    public var text: String
    public var style: StyleID?
    public var repeatCount: Int

    public init(_ text: String, style: StyleID? = nil, repeatCount: Int = 1) {
        self.text = text
        self.style = style
        self.repeatCount = repeatCount
    }
}

/// What a viewer applies to its screen model: the operations of `GridDiff.diff(from:to:)`.
public enum GridOperation: Sendable, Hashable {
    /// Cells from (row, column) rightwards, as runs.
    case line(row: Int, column: Int, runs: [CellRun])
    /// Rows `top..<bottom` of columns `left..<right` move up by `rows` (down when negative);
    /// the rows uncovered keep their content until line operations redraw them (Neovim's `grid_scroll`).
    case scroll(top: Int, bottom: Int, left: Int, right: Int, rows: Int)
}

extension CellGrid {
    /// Applies operations in order.
    public mutating func apply(_ operations: [GridOperation]) {
        for operation in operations { apply(operation) }
    }

    /// Applies one operation (a viewer applies each as it is decoded: no array of one).
    public mutating func apply(_ operation: GridOperation) {
        switch operation {
        case .line(let row, let column, let runs):
            guard row >= 0, row < height else { return }
            var column = column
            var style = StyleID.plain
            for run in runs {
                style = run.style ?? style
                // Only the cells that land on the grid are written: a repeat of 2^31 past
                // the line's end costs nothing (the column stays far from overflowing:
                // each run adds at most Int32.max).
                let end = column + Swift.max(0, run.repeatCount)
                let first = Swift.max(column, 0)
                let written = first..<Swift.max(first, Swift.min(end, width))
                if !written.isEmpty {
                    let cell = Cell(run.text, style: style)
                    for column in written { self[row, column] = cell }
                }
                column = end
            }
        case .scroll(let top, let bottom, let left, let right, let rows):
            scroll(rows: max(0, top)..<min(height, bottom), columns: max(0, left)..<min(width, right), by: rows)
        }
    }
}
