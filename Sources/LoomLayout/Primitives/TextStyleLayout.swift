import LoomCells
import LoomGraph

/// `bold`, `italic`, `underline`, …: its content's text with these attributes added.
struct TextStyleLayout: InheritingModifierLayout {
    let attributes: TextStyle

    func inherit(_ context: inout LayoutContext) { context.style.attributes.formUnion(attributes) }
}
