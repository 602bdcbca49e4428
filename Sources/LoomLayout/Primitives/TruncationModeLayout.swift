import LoomCells
import LoomGraph

/// `truncationMode`: where its content's texts are cut when they do not fit.
struct TruncationModeLayout: InheritingModifierLayout {
    let mode: Text.TruncationMode

    func inherit(_ context: inout LayoutContext) { context.text.truncation = mode }
}
