import LoomCells
import LoomGraph

/// A primitive's children while it is measured or placed: what a `PrimitiveLayout` may ask of
/// them, and how it places them (as SwiftUI's `LayoutSubviews`). Sizes come from the engine's
/// cache (see `LayoutEngine.size(of:proposal:context:depth:)`).
///
/// It lives only inside the engine's call that made it, while the engine and the node are held
/// by the caller: it does not retain them (a retain and a release of each at every measurement
/// and placement were a measurable part of a one-row change). It is passed apart from the
/// placement it places into, so that its elements are lent, never copied.
struct LayoutSubviews {
    unowned(unsafe) let engine: LayoutEngine
    /// The primitive's node.
    unowned(unsafe) let node: Node
    /// Its children's elements.
    let elements: [LayoutElement]
    /// What the children inherit: the primitive's context with its own contribution applied.
    let context: LayoutContext
    /// The primitive's depth; its children are one deeper.
    let depth: Int

    // MARK: - Measuring

    /// A child's size for `proposal`.
    func size(of element: LayoutElement, _ proposal: ProposedSize) -> Size {
        engine.size(of: element, proposal: proposal, context: context, depth: depth + 1)
    }

    /// The content's size: its one element's, or its elements' stacked vertically.
    func contentSize(_ proposal: ProposedSize) -> Size {
        engine.content(elements, proposal: proposal, context: context, depth: depth)
    }

    /// The same for some of its elements (a picker's label).
    func contentSize(_ proposal: ProposedSize, of elements: [LayoutElement]) -> Size {
        engine.content(elements, proposal: proposal, context: context, depth: depth)
    }

    /// Its children stacked along `axis`, kept with the primitive's node (see `LayoutEngine.stack`).
    func stack(_ axis: Axis, spacing: Int, lazy: Bool, _ proposal: ProposedSize, separated: Bool = false) -> LayoutEngine.StackArrangement {
        engine.stack(axis, elements, of: node, spacing: spacing, lazy: lazy, proposal: proposal, context: context, depth: depth, separated: separated)
    }

    // MARK: - Placing

    /// Places a child in `frame` (and `clip`, by default the primitive's).
    func place(_ element: LayoutElement, in frame: GridRect, clip: GridRect? = nil, context: LayoutContext? = nil, listRow: Bool = false,
               into placement: inout SubviewPlacement) {
        engine.place(element, in: frame, clip: clip ?? placement.clip, context: context ?? self.context, depth: depth + 1,
                     into: &placement.boxes, listRow: listRow)
    }

    /// Places the content in `frame`: its one element, or its elements stacked vertically.
    func placeContent(in frame: GridRect, clip: GridRect? = nil, into placement: inout SubviewPlacement) {
        placeContent(elements, in: frame, clip: clip, into: &placement)
    }

    /// The same for some of its elements (a picker's label).
    func placeContent(_ elements: [LayoutElement], in frame: GridRect, clip: GridRect? = nil, into placement: inout SubviewPlacement) {
        if elements.count == 1 {
            place(elements[0], in: frame, clip: clip, into: &placement)
        } else {
            placeStack(.vertical, elements, across: 0, spacing: 0, lazy: false, in: frame, clip: clip, into: &placement)
        }
    }

    /// Places `elements` along `axis` in `frame`, aligned across it at `across` (0 leading or
    /// top, 0.5 centre, 1 trailing or bottom). `owned`: the primitive's own children, whose
    /// measured arrangement is kept with its node and found again here; otherwise a wrapper's
    /// several elements, arranged afresh.
    func placeStack(_ axis: Axis, _ elements: [LayoutElement], owned: Bool = false, across: Double, spacing: Int, lazy: Bool,
                    in frame: GridRect, clip: GridRect? = nil, into placement: inout SubviewPlacement) {
        var inner = context
        inner.stackAxis = axis
        let proposal = ProposedSize(width: frame.width, height: frame.height)
        let arrangement = owned
            ? stack(axis, spacing: spacing, lazy: lazy, proposal)
            : engine.stack(axis, elements, spacing: spacing, lazy: lazy, proposal: proposal, context: context, depth: depth)
        let frameSize = Size(width: frame.width, height: frame.height)
        let origin = axis == .vertical ? frame.row : frame.column
        var position = origin
        for (index, (child, size)) in zip(elements, arrangement.sizes).enumerated() {
            if index < arrangement.rowStarts.count, let start = arrangement.rowStarts[index] { position = origin + start }
            let offset = Swift.max(0, Int((Double(frameSize[axis.other] - size[axis.other]) * across).rounded(.down)))
            let rect = axis == .vertical
                ? GridRect(column: frame.column + offset, row: position, width: size.width, height: size.height)
                : GridRect(column: position, row: frame.row + offset, width: size.width, height: size.height)
            place(child, in: rect, clip: clip, context: inner, into: &placement)
            position = position.adding(size[axis] + spacing)
        }
    }

    /// For a scroll container scrolling along `axes`: the offset it is shown at (see
    /// `LayoutEngine.shownOffset`).
    func scrollPosition(content: Size, frame: GridRect, axes: Axis.Set) -> (x: Int, y: Int) {
        engine.shownOffset(node, content: content, frame: frame, axes: axes, anchor: context.scrollAnchor)
    }
}
