import LoomCells
import LoomGraph

/// `ProgressView`'s bar: one row as wide as it is offered, filled to its fraction in eighths of
/// a cell (`█` and `▏`…`▉`) over a dim track (`░`); the indeterminate indicator is one dim `…`.
struct ProgressLayout: PrimitiveLayout {
    let fraction: Double?

    /// The bar's width when offered nothing (its ideal): enough to read a fraction from.
    static let idealWidth = 20
    static let full = Cluster.cells("█")
    static let track = Cluster.cells("░")
    /// One to seven eighths of a cell.
    static let partial = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"].map(Cluster.cells)
    static let indeterminate = Cluster.cells("…")

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        guard fraction != nil else { return Size(width: Self.indeterminate.width, height: 1) }
        return Size(width: proposal.width.taken ?? Self.idealWidth, height: 1)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard frame.width > 0, frame.height > 0 else { return }
        guard let fraction else {
            return placement.marks.append(Mark(column: frame.column, row: frame.row, Self.indeterminate, dim: true))
        }
        let eighths = Int(cells: (fraction * Double(frame.width) * 8).rounded())
        let full = Swift.min(eighths / 8, frame.width), rest = eighths % 8
        placement.marks.append(Mark(column: frame.column, row: frame.row, Self.full, repeats: full))
        var filled = full
        if rest > 0 && full < frame.width {
            placement.marks.append(Mark(column: frame.column + full, row: frame.row, Self.partial[rest - 1]))
            filled += 1
        }
        placement.marks.append(Mark(column: frame.column + filled, row: frame.row, Self.track, repeats: frame.width - filled, dim: true))
    }

    var isTinted: Bool { true }
}
