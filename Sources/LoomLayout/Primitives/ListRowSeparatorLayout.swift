import LoomCells
import LoomGraph

/// `listRowSeparator`: a trait of a list's row, which the list reads (see
/// `LayoutEngine.hiddenSeparatorEdges`); it lays out as its content.
struct ListRowSeparatorLayout: PrimitiveLayout {
    var passesRowTraits: Bool { true }
}
