import LoomCells
import LoomGraph

/// `ScrollView`: takes what it is offered (its content's size where offered nothing); its
/// content is offered no limit along the scrolled axes, and is shown moved by the scroll offset
/// (content smaller than the frame where its anchor puts it) and clipped to the frame.
struct ScrollViewLayout: PrimitiveLayout {
    let axes: Axis.Set

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let content = subviews.contentSize(contentProposal(width: proposal.width.finite, height: proposal.height.finite))
        return Size(width: proposal.width.taken ?? content.width, height: proposal.height.taken ?? content.height)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let content = subviews.contentSize(contentProposal(width: frame.width, height: frame.height))
        let offset = subviews.scrollPosition(content: content, frame: frame, axes: axes)
        let contentFrame = GridRect(column: frame.column - offset.x, row: frame.row - offset.y,
                                    width: axes.contains(.horizontal) ? content.width : frame.width,
                                    height: axes.contains(.vertical) ? content.height : frame.height)
        subviews.placeContent(in: contentFrame, clip: placement.clip.intersection(frame), into: &placement)
    }

    var isScrollContainer: Bool { true }

    private func contentProposal(width: Int?, height: Int?) -> ProposedSize {
        ProposedSize(width: axes.contains(.horizontal) ? nil : width, height: axes.contains(.vertical) ? nil : height)
    }
}
