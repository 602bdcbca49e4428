import LoomCells
import LoomGraph

/// A primitive's placement in progress: its children are placed through it, into the layout's
/// boxes, and what the primitive draws itself is collected in `marks` (and a text's `lines`).
struct SubviewPlacement {
    let subviews: LayoutSubviews
    /// The clip the primitive was placed with: its children's, unless it narrows it.
    let clip: GridRect
    var boxes: BoxList
    var marks: [Mark] = []
    var lines: [TextLine] = []

    /// Places a child in `frame` (and `clip`, by default the primitive's).
    mutating func place(_ element: LayoutElement, in frame: GridRect, clip: GridRect? = nil, context: LayoutContext? = nil, listRow: Bool = false) {
        subviews.engine.place(element, in: frame, clip: clip ?? self.clip, context: context ?? subviews.context, depth: subviews.depth + 1,
                              into: &boxes, listRow: listRow)
    }

    /// Places the content in `frame`: its one element, or its elements stacked vertically.
    mutating func placeContent(_ elements: [LayoutElement]? = nil, in frame: GridRect, clip: GridRect? = nil) {
        let elements = elements ?? subviews.elements
        if elements.count == 1 {
            place(elements[0], in: frame, clip: clip)
        } else {
            placeStack(.vertical, elements, across: 0, spacing: 0, lazy: false, in: frame, clip: clip)
        }
    }

    /// Places `elements` along `axis` in `frame`, aligned across it at `across` (0 leading or
    /// top, 0.5 centre, 1 trailing or bottom). `owned`: the primitive's own children, whose
    /// measured arrangement is kept with its node and found again here; otherwise a wrapper's
    /// several elements, arranged afresh.
    mutating func placeStack(_ axis: Axis, _ elements: [LayoutElement], owned: Bool = false, across: Double, spacing: Int, lazy: Bool,
                             in frame: GridRect, clip: GridRect? = nil) {
        var inner = subviews.context
        inner.stackAxis = axis
        let proposal = ProposedSize(width: frame.width, height: frame.height)
        let arrangement = owned
            ? subviews.stack(axis, spacing: spacing, lazy: lazy, proposal)
            : subviews.engine.stack(axis, elements, spacing: spacing, lazy: lazy, proposal: proposal, context: subviews.context, depth: subviews.depth)
        let frameSize = Size(width: frame.width, height: frame.height)
        let origin = axis == .vertical ? frame.row : frame.column
        var position = origin
        for (index, (child, size)) in zip(elements, arrangement.sizes).enumerated() {
            if index < arrangement.rowStarts.count, let start = arrangement.rowStarts[index] { position = origin + start }
            let offset = Swift.max(0, Int((Double(frameSize[axis.other] - size[axis.other]) * across).rounded(.down)))
            let rect = axis == .vertical
                ? GridRect(column: frame.column + offset, row: position, width: size.width, height: size.height)
                : GridRect(column: position, row: frame.row + offset, width: size.width, height: size.height)
            place(child, in: rect, clip: clip, context: inner)
            position = position.adding(size[axis] + spacing)
        }
    }

    /// For a scroll container: records its content's size, and gives the offset it is shown at
    /// (the one asked for, kept within the content; see `LayoutEngine.scrollOffset`).
    func scrollPosition(content: Size, frame: GridRect) -> (x: Int, y: Int) {
        subviews.engine.contentSizes[ObjectIdentifier(subviews.node)] = content
        return subviews.engine.clampedOffset(subviews.node, content: content, frame: frame)
    }
}
