import LoomCells
import LoomGraph

/// `overlay`: its first child is the content, which decides the size; the others are layered
/// over it, offered its frame and aligned in it.
struct OverlayLayout: PrimitiveLayout {
    let alignment: Alignment

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        guard let base = subviews.elements.first else { return .zero }
        return subviews.size(of: base, proposal)
    }

    func placeSubviews(in frame: GridRect, _ placement: inout SubviewPlacement) {
        guard let base = placement.subviews.elements.first else { return }
        placement.place(base, in: frame)
        let offered = ProposedSize(width: frame.width, height: frame.height)
        for layer in placement.subviews.elements.dropFirst() {
            placement.place(layer, in: frame.aligning(placement.subviews.size(of: layer, offered), alignment))
        }
    }
}
