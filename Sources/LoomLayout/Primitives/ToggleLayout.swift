import LoomCells
import LoomGraph

/// `Toggle`: a check box, a gap, then its label; at least one row tall.
struct ToggleLayout: PrimitiveLayout {
    let isOn: Bool

    static let on = Cluster.cells("[x]")
    static let off = Cluster.cells("[ ]")
    /// The cells before the label: the box and a blank one.
    static let leading = on.width + 1

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let label = subviews.contentSize(proposal.shrunk(width: Self.leading))
        return Size(width: label.width + Self.leading, height: Swift.max(label.height, 1))
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        placement.marks.append(Mark(column: frame.column, row: frame.row, isOn ? Self.on : Self.off))
        subviews.placeContent(in: frame.inset(leading: Self.leading), into: &placement)
    }

    var isTinted: Bool { true }
}
