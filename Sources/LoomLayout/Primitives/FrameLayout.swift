import LoomCells
import LoomGraph

/// `frame`, SwiftUI's flexible frame: the content is offered the proposal clamped to the
/// frame's bounds (or the ideal size when there is no proposal); the frame takes the proposal
/// clamped to its bounds, where a missing bound is the content's size. The content is aligned
/// in the frame and clipped to it.
struct FrameLayout: PrimitiveLayout {
    /// The `.frame` primitive. Its bounds stay in the box the enum keeps them in: copied out
    /// into this type, six optional lengths would not fit an existential's inline storage, and
    /// every measurement would allocate them again.
    let frame: Primitive

    /// The bounds as layout uses them (see `FrameSpec.clamped`).
    private var spec: FrameSpec? {
        guard case .frame(let spec) = frame else { return nil }
        return spec.clamped
    }

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        guard let spec else { return subviews.contentSize(proposal) }
        return sizes(spec, proposal, subviews).frame
    }

    func placeSubviews(in rect: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard let spec else { return subviews.placeContent(in: rect, into: &placement) }
        let content = sizes(spec, ProposedSize(width: rect.width, height: rect.height), subviews).content
        subviews.placeContent(in: rect.aligning(content, spec.alignment), clip: placement.clip.intersection(rect), into: &placement)
    }

    var passesRowTraits: Bool { true }

    private func sizes(_ spec: FrameSpec, _ proposal: ProposedSize, _ subviews: LayoutSubviews) -> (frame: Size, content: Size) {
        func offer(_ proposed: Int?, _ minimum: Int?, _ ideal: Int?, _ maximum: Int?) -> Int? {
            guard let proposed else { return ideal }
            var value = proposed
            if let minimum { value = Swift.max(value, minimum) }
            if let maximum { value = Swift.min(value, maximum) }
            return value
        }
        let content = subviews.contentSize(ProposedSize(width: offer(proposal.width, spec.minWidth, spec.idealWidth, spec.maxWidth),
                                                        height: offer(proposal.height, spec.minHeight, spec.idealHeight, spec.maxHeight)))
        func result(_ proposed: Int?, _ minimum: Int?, _ ideal: Int?, _ maximum: Int?, _ content: Int) -> Int {
            if minimum == nil && maximum == nil { return ideal.map { proposed == nil ? $0 : content } ?? content }
            let target = proposed.taken ?? ideal ?? content
            let lower = minimum ?? Swift.min(content, maximum ?? content)
            let upper = maximum ?? Swift.max(content, minimum ?? content)
            return Swift.min(Swift.max(target, lower), Swift.max(lower, upper == ProposedSize.infinity ? target : upper))
        }
        let frame = Size(width: result(proposal.width, spec.minWidth, spec.idealWidth, spec.maxWidth, content.width),
                         height: result(proposal.height, spec.minHeight, spec.idealHeight, spec.maxHeight, content.height))
        return (frame, content)
    }
}
