import LoomCells
import LoomGraph

/// `border`: a box-drawing line one cell wide around its content, in the border's colour; the
/// content is inside it and clipped to it.
struct BorderLayout: DrawingLayout {
    let color: Color

    /// The cells the line takes on each side.
    static let width = 1

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let content = subviews.contentSize(proposal.shrunk(width: 2 * Self.width, height: 2 * Self.width))
        return Size(width: content.width + 2 * Self.width, height: content.height + 2 * Self.width)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        placement.marks += Self.marks(frame, clip: placement.clip)
        let inside = frame.inset(top: Self.width, leading: Self.width, bottom: Self.width, trailing: Self.width)
        subviews.placeContent(in: inside, clip: placement.clip.intersection(inside), into: &placement)
    }

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        var line = box.context.style
        line.foreground = color
        let id = styles.id(for: line)
        Drawing.drawMarks(box.marks, style: id, dimStyle: id, clip: clip, into: &grid)
    }

    var passesRowTraits: Bool { true }

    /// The line's marks, on the rows of `clip` only: a frame taller than the screen costs the
    /// screen's rows.
    static func marks(_ frame: GridRect, clip: GridRect) -> [Mark] {
        guard frame.width >= 2, frame.height >= 2 else { return [] }
        var marks: [Mark] = []
        for (row, left, right) in [(frame.row, Cluster.topLeft, Cluster.topRight), (frame.maxRow - 1, .bottomLeft, .bottomRight)] {
            marks.append(Mark(column: frame.column, row: row, [left]))
            marks.append(.line(column: frame.column + 1, row: row, width: frame.width - 2))
            marks.append(Mark(column: frame.maxColumn - 1, row: row, [right]))
        }
        let sides = GridRect(column: frame.column, row: frame.row + 1, width: frame.width, height: frame.height - 2).intersection(clip)
        for row in sides.row..<sides.maxRow {
            marks.append(Mark(column: frame.column, row: row, Cluster.verticalLineRun))
            marks.append(Mark(column: frame.maxColumn - 1, row: row, Cluster.verticalLineRun))
        }
        return marks
    }
}
