import LoomGraph

/// Where one viewer has a scroll container scrolled, along each axis: the offset of its
/// content in cells, and whether that offset rests at the container's anchor
/// (`defaultScrollAnchor`; the top leading corner unless set).
///
/// Resting at the anchor, the offset follows it as the content changes: a log anchored at its
/// bottom keeps its newest line in view. Scrolled away, the offset stays where the viewer put
/// it (kept within the content) while lines are added below, until they scroll back to the
/// anchor's place, where it rests again. A container no viewer scrolled rests at its anchor.
struct ScrollPosition: Hashable {
    var x = 0, y = 0
    var xAtAnchor = true, yAtAnchor = true

    /// The position shown for content of `content` cells in a frame of `frame` cells along one
    /// axis, anchored at `fraction` of the content (0: its start, 1: its end): the anchor's
    /// offset while the position rests there, else `offset` kept within the content. Content
    /// shorter than the frame sits at the same fraction of the room left (a negative offset).
    /// Sizes lie within ±`LayoutEngine.maximumExtent` (Int32's range): no overflow.
    static func resolve(_ offset: Int, atAnchor: Bool, content: Int, frame: Int, fraction: Double) -> (offset: Int, atAnchor: Bool) {
        let fraction = clamped(fraction)
        let room = content - frame
        guard room > 0 else { return (-Int((Double(-room) * fraction).rounded(.down)), true) }
        let anchored = Int((Double(room) * fraction).rounded(.down))
        if atAnchor { return (anchored, true) }
        let kept = Swift.min(Swift.max(0, offset), room)
        return (kept, kept == anchored)
    }

    /// The offset the anchor gives content of `content` cells in a frame of `extent`, estimated
    /// before layout (`LazyRowNegotiation`: where the rows in view are).
    static func anchoredOffset(content: Double, extent: Double, fraction: Double) -> Double {
        Swift.max(0, content - extent) * clamped(fraction)
    }

    /// A fraction within 0…1 (a `UnitPoint`'s may be anything; not a number counts as 0).
    private static func clamped(_ fraction: Double) -> Double {
        fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
    }
}
