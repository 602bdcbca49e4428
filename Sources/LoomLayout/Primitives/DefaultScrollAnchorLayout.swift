import LoomCells
import LoomGraph

/// `defaultScrollAnchor`: the scroll containers below rest at this point of their content
/// (see `LayoutEngine.scrollPosition`).
struct DefaultScrollAnchorLayout: InheritingModifierLayout {
    let anchor: UnitPoint?

    func inherit(_ context: inout LayoutContext) { context.scrollAnchor = anchor }
}
