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

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard let base = subviews.elements.first else { return }
        subviews.place(base, in: frame, into: &placement)
        let offered = ProposedSize(width: frame.width, height: frame.height)
        for layer in subviews.elements.dropFirst() {
            subviews.place(layer, in: frame.aligning(subviews.size(of: layer, offered), alignment), into: &placement)
        }
    }
}
