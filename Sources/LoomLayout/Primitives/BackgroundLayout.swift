import LoomCells
import LoomGraph

/// `background`: fills its frame with the colour, under its content, which inherits it.
struct BackgroundLayout: InheritingModifierLayout, DrawingLayout {
    let color: Color

    func inherit(_ context: inout LayoutContext) { context.style.background = color }

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        var own = box.context
        inherit(&own)
        grid.fill(box.frame.intersection(clip), with: Cell(" ", style: styles.id(for: own.style)))
    }
}
