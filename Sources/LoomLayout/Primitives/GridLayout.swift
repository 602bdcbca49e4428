import LoomCells
import LoomGraph

/// `Grid`: each column as wide as its widest cell (measured at its ideal size), each row as
/// tall as its tallest; rows top to bottom. A view outside the rows spans the grid, which is
/// as wide as its columns or that view's ideal width within the width offered (a `Divider`
/// stays within the columns, a long heading wraps). Offered less width than its columns want, the
/// columns keep their widths in order and the last ones get what is left (their cells wrap or
/// are cut). It is as large as its columns and rows, whatever it is offered. A row learns its
/// columns from the context it is placed with (`LayoutContext.grid`).
struct GridLayout: PrimitiveLayout {
    /// The `.grid` primitive: its settings stay boxed (see `FrameLayout.frame`).
    let grid: Primitive

    private var spec: GridSpec? {
        guard case .grid(let spec) = grid else { return nil }
        return spec
    }

    private struct Arrangement {
        var columns: GridColumns
        var rowHeights: [Int]
        var size: Size
    }

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        arrange(width: proposal.width.finite, subviews).size
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let arrangement = arrange(width: frame.width, subviews)
        var row = frame.row
        var rowContext = subviews.context
        rowContext.grid = subviews.engine.gridColumns.number(for: arrangement.columns)
        for (element, height) in zip(subviews.elements, arrangement.rowHeights) {
            let isRow = if case .gridRow = element.primitive { true } else { false }
            subviews.place(element, in: GridRect(column: frame.column, row: row, width: arrangement.size.width, height: height),
                           context: isRow ? rowContext : subviews.context, into: &placement)
            row = row.adding(height).adding(arrangement.columns.verticalSpacing)
        }
    }

    private func arrange(width: Int?, _ subviews: LayoutSubviews) -> Arrangement {
        let spec = spec
        let horizontal = LayoutEngine.spacing(spec?.horizontalSpacing, along: .horizontal)
        let vertical = LayoutEngine.spacing(spec?.verticalSpacing, along: .vertical)
        let rows = subviews.elements.map { element -> [LayoutElement]? in
            guard case .gridRow = element.primitive else { return nil }
            return subviews.engine.childElements(of: element.node)
        }
        let cellDepth = subviews.depth + 2
        var widths: [Int] = []
        for cells in rows.compactMap({ $0 }) {
            for (index, cell) in cells.enumerated() {
                let ideal = subviews.engine.size(of: cell, proposal: .unspecified, context: subviews.context, depth: cellDepth).width
                if index < widths.count { widths[index] = Swift.max(widths[index], ideal) } else { widths.append(ideal) }
            }
        }
        if let width {
            // The gaps first, then each column keeps its width while there is room, in order.
            var left = widths.indices.dropFirst().reduce(width) { left, _ in left.subtracting(horizontal) }
            for index in widths.indices {
                widths[index] = Swift.min(widths[index], left)
                left = left.subtracting(widths[index])
            }
        }
        let spanningWidest = zip(subviews.elements, rows).filter { $0.1 == nil }
            .map { subviews.size(of: $0.0, .unspecified).width }.max() ?? 0
        // Spanning views widen the grid up to the width offered, and are measured at the width
        // they are placed at.
        let gridWidth = Swift.max(widths.laidEndToEnd(gap: horizontal), Swift.min(spanningWidest, width ?? spanningWidest))
        let heights = zip(subviews.elements, rows).map { element, cells in
            guard let cells else { return subviews.size(of: element, ProposedSize(width: gridWidth, height: nil)).height }
            return zip(cells, widths).map { cell, width in
                subviews.engine.size(of: cell, proposal: ProposedSize(width: width, height: nil), context: subviews.context, depth: cellDepth).height
            }.max() ?? 0
        }
        let columns = GridColumns(widths: widths, spacing: horizontal, verticalSpacing: vertical, alignment: spec?.alignment ?? .center)
        return Arrangement(columns: columns, rowHeights: heights, size: Size(width: gridWidth, height: heights.laidEndToEnd(gap: vertical)))
    }
}

/// A grid's columns, as its rows place their cells.
struct GridColumns: Hashable {
    var widths: [Int]
    var spacing: Int
    var verticalSpacing: Int
    var alignment: Alignment
}
