import LoomCells
import LoomGraph

/// `ZStack`: children over each other, each offered the whole proposal and aligned in the
/// frame; as large as the largest.
struct ZStackLayout: PrimitiveLayout {
    let alignment: Alignment

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let sizes = subviews.elements.map { subviews.size(of: $0, proposal) }
        return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let offered = ProposedSize(width: frame.width, height: frame.height)
        for child in subviews.elements {
            subviews.place(child, in: frame.aligning(subviews.size(of: child, offered), alignment), into: &placement)
        }
    }
}
