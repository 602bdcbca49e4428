import LoomCells
import LoomGraph

/// `HStack` and `LazyHStack`: children side by side (see `LayoutEngine.stack` for how they
/// share the width), aligned across at `alignment`.
struct HStackLayout: PrimitiveLayout {
    let alignment: VerticalAlignment
    let spacing: Int?
    let lazy: Bool

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.stack(.horizontal, spacing: LayoutEngine.spacing(spacing, along: .horizontal), lazy: lazy, proposal).size
    }

    func placeSubviews(in frame: GridRect, _ placement: inout SubviewPlacement) {
        placement.placeStack(.horizontal, placement.subviews.elements, owned: true, across: alignment.fraction,
                             spacing: LayoutEngine.spacing(spacing, along: .horizontal), lazy: lazy, in: frame)
    }
}
