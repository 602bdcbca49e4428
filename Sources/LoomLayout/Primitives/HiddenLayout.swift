import LoomCells
import LoomGraph

/// `hidden()`: its content laid out in its place, drawn nothing of (`Drawing`), its controls out
/// of the focus order.
struct HiddenLayout: InheritingModifierLayout {
    func inherit(_ context: inout LayoutContext) { context.isHidden = true }
}
