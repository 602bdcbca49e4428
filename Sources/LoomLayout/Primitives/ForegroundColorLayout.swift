import LoomCells
import LoomGraph

/// `foregroundColor`: its content's text and lines in this colour (nil: the terminal's).
struct ForegroundColorLayout: InheritingModifierLayout {
    let color: Color?

    func inherit(_ context: inout LayoutContext) { context.style.foreground = color }
}
