import LoomCells
import LoomGraph

/// A presented view's panel (`.sheet`, `.alert`, `.confirmationDialog`): what is under it is
/// cleared, a line is drawn around it, and its content is inside, a cell from the line on
/// either side. An alert's and a dialog's content is centred in it.
struct PresentationLayout: DrawingLayout {
    let style: PresentationStyle

    /// Cells between the line and the content, left and right.
    static let padding = 1
    /// Cells the panel takes beyond its content, across and down.
    static let chrome = (width: 2 * (BorderLayout.width + padding), height: 2 * BorderLayout.width)

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let content = subviews.contentSize(proposal.shrunk(width: Self.chrome.width, height: Self.chrome.height))
        return Size(width: content.width + Self.chrome.width, height: content.height + Self.chrome.height)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        placement.marks += BorderLayout.marks(frame, clip: placement.clip)
        let inside = frame.inset(top: BorderLayout.width, leading: BorderLayout.width + Self.padding,
                                 bottom: BorderLayout.width, trailing: BorderLayout.width + Self.padding)
        var placed = inside
        if style != .sheet {
            let content = subviews.contentSize(ProposedSize(width: inside.width, height: inside.height))
            placed = inside.aligning(Size(width: min(content.width, inside.width), height: min(content.height, inside.height)), .center)
        }
        subviews.placeContent(in: placed, clip: placement.clip.intersection(inside), into: &placement)
    }

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        grid.fill(box.frame.intersection(clip).intersection(grid.bounds), with: .blank)
        var line = box.context.style
        line.foreground = .gray
        let id = styles.id(for: line)
        Drawing.drawMarks(box.marks, style: id, dimStyle: id, clip: clip, into: &grid)
    }
}
