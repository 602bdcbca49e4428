import LoomCells
import LoomGraph

/// A `Color` as a view: fills what it is offered (a cell when offered nothing).
struct ColorLayout: DrawingLayout {
    let color: Color

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        Size(width: proposal.width.taken ?? 1, height: proposal.height.taken ?? 1)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {}

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        var fill = box.context.style
        fill.background = color
        grid.fill(box.frame.intersection(clip), with: Cell(" ", style: styles.id(for: fill)))
    }
}
