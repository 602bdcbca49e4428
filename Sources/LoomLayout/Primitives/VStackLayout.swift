import LoomCells
import LoomGraph

/// `VStack` and `LazyVStack`: children one below the other (see `LayoutEngine.stack` for how
/// they share the height), aligned across at `alignment`.
struct VStackLayout: PrimitiveLayout {
    let alignment: HorizontalAlignment
    let spacing: Int?
    let lazy: Bool

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.stack(.vertical, spacing: LayoutEngine.spacing(spacing, along: .vertical), lazy: lazy, proposal).size
    }

    func placeSubviews(in frame: GridRect, _ placement: inout SubviewPlacement) {
        placement.placeStack(.vertical, placement.subviews.elements, owned: true, across: alignment.fraction,
                             spacing: LayoutEngine.spacing(spacing, along: .vertical), lazy: lazy, in: frame)
    }
}
