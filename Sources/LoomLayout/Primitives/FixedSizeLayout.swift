import LoomCells
import LoomGraph

/// `fixedSize`: its content offered nothing (its ideal size) along the fixed axes, and placed
/// at that size from the frame's top-leading corner.
struct FixedSizeLayout: PrimitiveLayout {
    let horizontal: Bool
    let vertical: Bool

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.contentSize(fixed(proposal))
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let ideal = subviews.contentSize(fixed(ProposedSize(width: frame.width, height: frame.height)))
        subviews.placeContent(in: GridRect(column: frame.column, row: frame.row, width: ideal.width, height: ideal.height), into: &placement)
    }

    var passesRowTraits: Bool { true }

    private func fixed(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }
}
