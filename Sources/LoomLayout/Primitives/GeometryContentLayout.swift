import LoomCells
import LoomGraph

/// A `GeometryReader`'s content for one size: its views over each other at the top-leading
/// corner, as SwiftUI's reader aligns its content: a `ZStack`'s layout so aligned.
struct GeometryContentLayout: PrimitiveLayout {
    private let stack = ZStackLayout(alignment: .topLeading)

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        stack.sizeThatFits(proposal, subviews: subviews)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        stack.placeSubviews(in: frame, subviews: subviews, placement: &placement)
    }
}
