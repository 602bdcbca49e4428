import LoomCells
import LoomGraph

/// A view that presents another (`.sheet`, `.alert`): laid out as its content alone. What it
/// presents, its last element while shown, is laid out over the screen by the engine, after
/// everything else (`LayoutEngine.layout(root:size:previous:)`).
struct PresentingLayout: PrimitiveLayout {
    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.contentSize(proposal, of: content(subviews))
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        subviews.placeContent(content(subviews), in: frame, into: &placement)
    }

    var passesRowTraits: Bool { true }

    private func content(_ subviews: LayoutSubviews) -> [LayoutElement] {
        guard let last = subviews.elements.last, case .presentation = last.primitive else { return subviews.elements }
        return Array(subviews.elements.dropLast())
    }
}
