import LoomCells
import LoomGraph

/// `GeometryReader`: takes what it is offered (one cell along a dimension with no proposal),
/// and places the content the graph built for the size of its frame, top-leading. Until the
/// graph has built it (the first layout at a new size), nothing shows there; the host evaluates
/// and lays out again in the same frame (`SceneRenderer.layout`).
struct GeometryReaderLayout: PrimitiveLayout {
    /// The length along a dimension with no proposal (SwiftUI's small default, in cells).
    static let unspecifiedLength = 1

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        Size(width: proposal.width.taken ?? Self.unspecifiedLength, height: proposal.height.taken ?? Self.unspecifiedLength)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let size = CellSize(width: frame.width, height: frame.height)
        guard let content = subviews.elements.first(where: { if case .geometryContent(size) = $0.primitive { true } else { false } }) else { return }
        subviews.place(content, in: frame, clip: placement.clip.intersection(frame), into: &placement)
    }
}
