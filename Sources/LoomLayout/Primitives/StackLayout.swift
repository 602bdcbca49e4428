import LoomCells
import LoomGraph

/// `VStack`, `HStack` and their lazy kinds: children along one axis (see `LayoutEngine.stack`
/// for how they share its length), aligned across it. The alignment's type names the axis: a
/// stack aligned horizontally is a vertical one.
struct StackLayout<CrossAlignment: StackAlignment>: PrimitiveLayout {
    let alignment: CrossAlignment
    let spacing: Int?
    let lazy: Bool

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.stack(CrossAlignment.stackAxis, spacing: LayoutEngine.spacing(spacing, along: CrossAlignment.stackAxis), lazy: lazy, proposal).size
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let axis = CrossAlignment.stackAxis
        subviews.placeStack(axis, subviews.elements, owned: true, across: alignment.fraction,
                             spacing: LayoutEngine.spacing(spacing, along: axis), lazy: lazy, in: frame, into: &placement)
    }
}

/// An alignment across a stack: where a shorter child sits, and the axis of the stack it aligns.
protocol StackAlignment {
    /// 0 leading or top, 0.5 centre, 1 trailing or bottom.
    var fraction: Double { get }
    static var stackAxis: Axis { get }
}

extension HorizontalAlignment: StackAlignment {
    static var stackAxis: Axis { .vertical }
}

extension VerticalAlignment: StackAlignment {
    static var stackAxis: Axis { .horizontal }
}
