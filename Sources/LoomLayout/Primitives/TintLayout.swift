import LoomCells
import LoomGraph

/// `tint`: the controls below draw their marks in this colour (see `PrimitiveLayout.isTinted`).
struct TintLayout: InheritingModifierLayout {
    let color: Color?

    func inherit(_ context: inout LayoutContext) { context.tint = color }
}
