import LoomCells
import LoomGraph

/// `Stepper`: its label, a gap, then `[−+]`; at least one row tall.
struct StepperLayout: PrimitiveLayout {
    static let control = Cluster.cells("[−+]")
    /// The cells after the label: a blank one and the control.
    static let trailing = control.width + 1

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let label = subviews.contentSize(proposal.shrunk(width: Self.trailing))
        return Size(width: label.width + Self.trailing, height: Swift.max(label.height, 1))
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let label = frame.inset(trailing: Self.trailing)
        subviews.placeContent(in: label, into: &placement)
        placement.marks.append(Mark(column: label.maxColumn + 1, row: frame.row, Self.control))
    }

    var isTinted: Bool { true }

    /// A click on − steps down, on + up; elsewhere it only focuses.
    func clickActions(column: Int, row: Int, in box: LayoutBox) -> [ControlAction]? {
        guard let control = box.marks.last, control.row == row else { return [] }
        switch column.subtracting(control.column) {
        case 1: return [.adjust(by: -1)]
        case 2: return [.adjust(by: 1)]
        default: return []
        }
    }
}
