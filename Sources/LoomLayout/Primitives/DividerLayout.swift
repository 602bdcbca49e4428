import LoomCells
import LoomGraph

/// `Divider`: a line one cell thick across the nearest stack's axis, as long as it is offered
/// (one cell when offered nothing).
struct DividerLayout: PrimitiveLayout {
    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.context.stackAxis == .horizontal
            ? Size(width: 1, height: proposal.height.taken ?? 1)
            : Size(width: proposal.width.taken ?? 1, height: 1)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        if subviews.context.stackAxis == .horizontal {
            let rows = frame.intersection(placement.clip)
            for row in rows.row..<rows.maxRow { placement.marks.append(Mark(column: frame.column, row: row, Cluster.verticalLineRun)) }
        } else {
            placement.marks.append(.line(column: frame.column, row: frame.row, width: frame.width))
        }
    }
}
