import LoomCells
import LoomGraph

/// Placement: each element gets a frame (and a clip) inside the one its parent chose, and
/// becomes a `LayoutBox`; boxes come out parents first.
extension LayoutEngine {
    /// Places an element: copies its subtree from the last layout when nothing in it changed
    /// (see `PlacementReuse`), else lets its primitive place its children (see `PrimitiveLayout`).
    /// `listRow`: the element is a row of a `List` (focusable, highlighted when focused).
    func place(_ element: LayoutElement, in frame: GridRect, clip: GridRect, context: LayoutContext, depth: Int, into boxes: inout BoxList,
               listRow: Bool = false) {
        guard depth < Self.maximumDepth else { return }
        let previous = reuse.previousBox(of: element.node)
        if let previous, reuse.canReuse(previous, frame: frame, clip: clip, context: context) {
            reuse.copy(previous, into: &boxes)
            return
        }
        reuse.enter(previous)
        defer { reuse.leave() }
        let slot = placeBox(element, in: frame, clip: clip, context: context, depth: depth, listRow: listRow, into: &boxes)
        reuse.didPlace(boxes[slot: slot], previously: previous)
    }

    /// Makes the element's box and has its primitive place its children after it; returns the
    /// box's slot in `boxes`.
    func placeBox(_ element: LayoutElement, in frame: GridRect, clip: GridRect, context: LayoutContext, depth: Int, listRow: Bool,
                  into boxes: inout BoxList) -> Int {
        let position = boxes.count
        let layout = element.primitive.layout
        var box = LayoutBox(node: element.node, primitive: element.primitive, frame: frame, clip: clip, context: context)
        box.isListRow = listRow
        box.isScrollContainer = layout.isScrollContainer
        let slot = boxes.append(box)

        var inner = context
        layout.inherit(&inner)
        let subviews = LayoutSubviews(engine: self, node: element.node, elements: childElements(of: element.node), context: inner, depth: depth)
        var placement = SubviewPlacement(clip: clip, boxes: BoxList())
        swap(&placement.boxes, &boxes)
        layout.placeSubviews(in: frame, subviews: subviews, placement: &placement)
        swap(&placement.boxes, &boxes)

        boxes[slot: slot].lines = placement.lines
        boxes[slot: slot].marks = placement.marks
        boxes[slot: slot].descendants = boxes.count - position - 1
        boxes[slot: slot].measureDrawnRows(drawsOnlyItsMarks: layout.drawsOnlyItsMarks)
        return slot
    }

    /// The offset a scroll container is shown at: along its scroll axes, where its anchor puts
    /// it or where the viewer scrolled it, within its content (`ScrollPosition.resolve`); across
    /// them, at the leading edge unless scrolled. The viewer's position follows what is shown.
    func shownOffset(_ node: Node, content: Size, frame: GridRect, axes: Axis.Set, anchor: UnitPoint?) -> (x: Int, y: Int) {
        entry(for: node).scrollAnchor = anchor
        let position = scrollPosition(node)
        let anchor = anchor ?? .topLeading
        let x = ScrollPosition.resolve(position.x, atAnchor: position.xAtAnchor, content: content.width, frame: frame.width,
                                       fraction: axes.contains(.horizontal) ? anchor.x : 0)
        let y = ScrollPosition.resolve(position.y, atAnchor: position.yAtAnchor, content: content.height, frame: frame.height,
                                       fraction: axes.contains(.vertical) ? anchor.y : 0)
        let shown = ScrollPosition(x: x.offset, y: y.offset, xAtAnchor: x.atAnchor, yAtAnchor: y.atAnchor)
        if shown != position { didResolveScrollPosition(node, shown) }
        return (x.offset, y.offset)
    }
}

extension GridRect {
    /// The rectangle less the insets.
    func inset(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) -> GridRect {
        GridRect(column: column + leading, row: row + top, width: width - leading - trailing, height: height - top - bottom)
    }

    /// A rectangle of `size` aligned in this one.
    func aligning(_ size: Size, _ alignment: Alignment) -> GridRect {
        GridRect(column: column + Int((Double(width - size.width) * alignment.horizontal.fraction).rounded(.down)),
                 row: row + Int((Double(height - size.height) * alignment.vertical.fraction).rounded(.down)),
                 width: size.width, height: size.height)
    }
}

extension HorizontalAlignment {
    /// Where it puts a narrower box, as a fraction of the room left: 0 leading, 0.5 centre, 1 trailing.
    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

extension VerticalAlignment {
    /// Where it puts a shorter box, as a fraction of the room left: 0 top, 0.5 centre, 1 bottom.
    var fraction: Double {
        switch self {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
    }
}
