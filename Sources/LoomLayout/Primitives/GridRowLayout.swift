import LoomCells
import LoomGraph

/// `GridRow`: in a grid, each cell in its column (`LayoutContext.grid`), aligned there by the
/// grid's alignment (vertically by the row's, when it has one); outside one, its cells in a row
/// as an `HStack`'s.
struct GridRowLayout: PrimitiveLayout {
    let alignment: VerticalAlignment?

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        HStackLayout(alignment: alignment ?? .center, spacing: nil, lazy: false).sizeThatFits(proposal, subviews: subviews)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard let number = subviews.context.grid, let grid = subviews.engine.gridColumns.columns(number) else {
            return HStackLayout(alignment: alignment ?? .center, spacing: nil, lazy: false).placeSubviews(in: frame, subviews: subviews, placement: &placement)
        }
        var cellContext = subviews.context
        cellContext.grid = nil
        var cellAlignment = grid.alignment
        if let alignment { cellAlignment.vertical = alignment }
        var column = frame.column
        for (cell, width) in zip(subviews.elements, grid.widths) {
            let size = subviews.size(of: cell, ProposedSize(width: width, height: frame.height))
            let rect = GridRect(column: column, row: frame.row, width: width, height: frame.height)
            subviews.place(cell, in: rect.aligning(Size(width: Swift.min(size.width, width), height: Swift.min(size.height, frame.height)), cellAlignment),
                           context: cellContext, into: &placement)
            column = column.adding(width).adding(grid.spacing)
        }
    }
}
