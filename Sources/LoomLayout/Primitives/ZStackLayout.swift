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

    func placeSubviews(in frame: GridRect, _ placement: inout SubviewPlacement) {
        let offered = ProposedSize(width: frame.width, height: frame.height)
        for child in placement.subviews.elements {
            placement.place(child, in: frame.aligning(placement.subviews.size(of: child, offered), alignment))
        }
    }
}
