import LoomCells
import LoomGraph

/// `padding`: its content offered the proposal less the insets, and placed inside them.
struct PaddingLayout: PrimitiveLayout {
    /// Four lengths, clamped (see `EdgeInsets.clamped`) into 32 bits so that the type fits an
    /// existential's inline storage: a padding is measured often, and must not allocate.
    private let top, leading, bottom, trailing: Int32

    init(insets: EdgeInsets) {
        let clamped = insets.clamped
        (top, leading, bottom, trailing) = (Int32(clamped.top), Int32(clamped.leading), Int32(clamped.bottom), Int32(clamped.trailing))
    }

    private var insets: EdgeInsets {
        EdgeInsets(top: Int(top), leading: Int(leading), bottom: Int(bottom), trailing: Int(trailing))
    }

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let horizontal = insets.leading + insets.trailing, vertical = insets.top + insets.bottom
        let content = subviews.contentSize(proposal.shrunk(width: horizontal, height: vertical))
        return Size(width: content.width + horizontal, height: content.height + vertical)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        subviews.placeContent(in: frame.inset(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing), into: &placement)
    }

    var passesRowTraits: Bool { true }
}
