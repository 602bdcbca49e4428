import LoomCells
import LoomGraph

/// `NavigationLink`: its label, then a gap and an arrow at the trailing edge of its frame.
struct NavigationLinkLayout: PrimitiveLayout {
    static let arrow = Cluster.cells("›")
    /// The cells after the label: a blank one, and the arrow.
    static let trailing = 1 + arrow.width

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let label = subviews.contentSize(proposal.shrunk(width: Self.trailing))
        return Size(width: label.width + Self.trailing, height: label.height)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        subviews.placeContent(in: frame.inset(trailing: Self.trailing), into: &placement)
        placement.marks.append(Mark(column: frame.maxColumn - Self.arrow.width, row: frame.row, Self.arrow))
    }
}
