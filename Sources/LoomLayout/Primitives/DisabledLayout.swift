import LoomCells
import LoomGraph

/// `disabled(_:)`: its content, dim, with its controls out of the focus order (`Focus.swift`).
struct DisabledLayout: InheritingModifierLayout {
    let disabled: Bool

    func inherit(_ context: inout LayoutContext) {
        guard disabled else { return }
        context.isDisabled = true
        context.style.attributes.insert(.dim)
    }
}
