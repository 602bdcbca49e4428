import LoomCells
import LoomGraph

/// A tab's label in its `TabView`'s bar: bold and underlined for the tab that shows.
struct TabLabelLayout: InheritingModifierLayout {
    let isSelected: Bool

    func inherit(_ context: inout LayoutContext) {
        if isSelected { context.style.attributes.formUnion([.bold, .underline]) }
    }
}
