import LoomCells
import LoomGraph

/// `multilineTextAlignment`: how its content's texts align their lines.
struct MultilineTextAlignmentLayout: InheritingModifierLayout {
    let alignment: TextAlignment

    func inherit(_ context: inout LayoutContext) { context.text.alignment = alignment }
}
