import LoomCells
import LoomGraph

/// `Spacer`: as long as it is offered along the nearest stack's axis (at least its minimum
/// length), nothing across it. Stacks serve spacers last (see `LayoutEngine.stack`).
struct SpacerLayout: PrimitiveLayout {
    let minLength: Int?

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let axis = subviews.context.stackAxis ?? .vertical
        let minimum = minLength?.clampedLength ?? 0
        let along = proposal[axis].map { $0 == ProposedSize.infinity ? $0 : Swift.max($0, minimum) } ?? minimum
        return Size(axis, along: along, across: 0)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {}
}
