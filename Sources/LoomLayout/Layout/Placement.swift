import LoomCells
import LoomGraph

/// Placement: each element gets a frame (and a clip) inside the one its parent chose, and
/// becomes a `LayoutBox`; boxes come out parents first.
extension LayoutEngine {
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
        let position = boxes.count
        let children = childElements(of: element.node)
        let inner = context.applying(element.primitive)
        var box = LayoutBox(node: element.node, primitive: element.primitive, frame: frame, clip: clip, context: context)
        box.isListRow = listRow
        let slot = boxes.append(box)
        var marks: [Mark] = []
        let size = ProposedSize(width: frame.width, height: frame.height)

        switch element.primitive {
        case .text(let text):
            boxes[slot: slot].lines = textLines(text, node: element.node, width: frame.width, height: frame.height, options: context.text)
        case .spacer, .color:
            break
        case .divider:
            if context.stackAxis == .horizontal {
                let rows = frame.intersection(clip)
                for row in rows.row..<rows.maxRow { marks.append(Mark(column: frame.column, row: row, [.verticalLine])) }
            } else {
                marks.append(.line(column: frame.column, row: frame.row, width: frame.width))
            }
        case .vStack(let alignment, let spacing, let lazy):
            placeStack(.vertical, children, of: element.node, across: alignment.fraction, spacing: Self.spacing(spacing, along: .vertical), lazy: lazy, frame: frame, clip: clip, context: context, depth: depth, into: &boxes)
        case .hStack(let alignment, let spacing, let lazy):
            placeStack(.horizontal, children, of: element.node, across: alignment.fraction, spacing: Self.spacing(spacing, along: .horizontal), lazy: lazy, frame: frame, clip: clip, context: context, depth: depth, into: &boxes)
        case .zStack(let alignment):
            for child in children {
                let measured = self.size(of: child, proposal: size, context: context, depth: depth + 1)
                place(child, in: aligned(measured, in: frame, alignment), clip: clip, context: context, depth: depth + 1, into: &boxes)
            }
        case .navigationStack:
            placeContent(children, in: frame, clip: clip, context: context, depth: depth, into: &boxes)
        case .overlay(let alignment):
            guard let base = children.first else { break }
            place(base, in: frame, clip: clip, context: context, depth: depth + 1, into: &boxes)
            for layer in children.dropFirst() {
                let measured = self.size(of: layer, proposal: size, context: context, depth: depth + 1)
                place(layer, in: aligned(measured, in: frame, alignment), clip: clip, context: context, depth: depth + 1, into: &boxes)
            }
        case .scrollView(let axes):
            placeScrollView(element.node, children, axes: axes, frame: frame, clip: clip, context: context, depth: depth, into: &boxes)
        case .list:
            placeList(element.node, children, frame: frame, clip: clip, context: context, depth: depth, into: &boxes, marks: &marks)
        case .button:
            placeContent(children, in: frame, clip: clip, context: inner, depth: depth, into: &boxes)
        case .navigationLink:
            placeContent(children, in: inset(frame, trailing: 2), clip: clip, context: inner, depth: depth, into: &boxes)
            marks.append(Mark(column: frame.maxColumn - 1, row: frame.row, Self.linkArrow))
        case .toggle(let isOn):
            marks.append(Mark(column: frame.column, row: frame.row, isOn ? Self.toggleOn : Self.toggleOff))
            placeContent(children, in: inset(frame, leading: 4), clip: clip, context: inner, depth: depth, into: &boxes)
        case .picker:
            let parts = pickerParts(element.node)
            let label = content(sizeOf: parts.label, context: inner, depth: depth)
            placeContent(parts.label, in: GridRect(column: frame.column, row: frame.row, width: label.width, height: label.height),
                         clip: clip, context: inner, depth: depth, into: &boxes)
            let start = frame.column + label.width
            marks.append(Mark(column: start, row: frame.row, Self.pickerOpen))
            if let option = parts.option {
                let measured = self.size(of: option, proposal: .unspecified, context: inner, depth: depth + 1)
                place(option, in: GridRect(column: start + 4, row: frame.row, width: measured.width, height: measured.height),
                      clip: clip, context: inner, depth: depth + 1, into: &boxes)
                marks.append(Mark(column: start + 4 + measured.width, row: frame.row, Self.pickerClose))
            }
        case .padding(let given):
            let insets = given.clamped
            placeContent(children, in: inset(frame, top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing),
                         clip: clip, context: inner, depth: depth, into: &boxes)
        case .border:
            marks += borderMarks(frame, clip: clip)
            let inside = inset(frame, top: 1, leading: 1, bottom: 1, trailing: 1)
            placeContent(children, in: inside, clip: clip.intersection(inside), context: inner, depth: depth, into: &boxes)
        case .frame(let spec):
            let child = frameSize(spec, children, proposal: size, context: inner, depth: depth).child
            placeContent(children, in: aligned(child, in: frame, spec.alignment), clip: clip.intersection(frame), context: inner, depth: depth, into: &boxes)
        case .fixedSize(let horizontal, let vertical):
            let ideal = content(children, proposal: ProposedSize(width: horizontal ? nil : frame.width, height: vertical ? nil : frame.height), context: inner, depth: depth)
            placeContent(children, in: GridRect(column: frame.column, row: frame.row, width: ideal.width, height: ideal.height), clip: clip, context: inner, depth: depth, into: &boxes)
        case .foregroundColor, .background, .textStyle, .lineLimit, .truncationMode, .multilineTextAlignment, .listRowSeparator:
            placeContent(children, in: frame, clip: clip, context: inner, depth: depth, into: &boxes)
        }
        boxes[slot: slot].marks = marks
        boxes[slot: slot].descendants = boxes.count - position - 1
        boxes[slot: slot].measureDrawnRows()
        reuse.didPlace(boxes[slot: slot], previously: previous)
    }

    /// A wrapper's content: its one element in the frame, or its elements stacked vertically.
    private func placeContent(_ children: [LayoutElement], in frame: GridRect, clip: GridRect, context: LayoutContext, depth: Int, into boxes: inout BoxList) {
        if children.count == 1 {
            place(children[0], in: frame, clip: clip, context: context, depth: depth + 1, into: &boxes)
        } else {
            placeStack(.vertical, children, across: 0, spacing: 0, lazy: false, frame: frame, clip: clip, context: context, depth: depth, into: &boxes)
        }
    }

    private func content(sizeOf children: [LayoutElement], context: LayoutContext, depth: Int) -> Size {
        if children.count == 1 { return size(of: children[0], proposal: .unspecified, context: context, depth: depth + 1) }
        return stack(.vertical, children, spacing: 0, lazy: false, proposal: .unspecified, context: context, depth: depth).size
    }

    /// `across`: 0 leading/top, 0.5 centre, 1 trailing/bottom.
    /// `owner`: the stack's node, whose measured layout placement reuses; nil for a wrapper's
    /// several elements.
    private func placeStack(_ axis: Axis, _ children: [LayoutElement], of owner: Node? = nil, across: Double, spacing: Int, lazy: Bool, frame: GridRect, clip: GridRect,
                            context: LayoutContext, depth: Int, into boxes: inout BoxList) {
        var inner = context
        inner.stackAxis = axis
        let proposal = ProposedSize(width: frame.width, height: frame.height)
        let layout = owner.map { stack(axis, children, of: $0, spacing: spacing, lazy: lazy, proposal: proposal, context: context, depth: depth) }
            ?? stack(axis, children, spacing: spacing, lazy: lazy, proposal: proposal, context: context, depth: depth)
        let frameSize = Size(width: frame.width, height: frame.height)
        let origin = axis == .vertical ? frame.row : frame.column
        var position = origin
        for (index, (child, size)) in zip(children, layout.sizes).enumerated() {
            if index < layout.rowStarts.count, let start = layout.rowStarts[index] { position = origin + start }
            let offset = Int((Double(frameSize[axis.other] - size[axis.other]) * across).rounded(.down))
            let rect = axis == .vertical
                ? GridRect(column: frame.column + Swift.max(0, offset), row: position, width: size.width, height: size.height)
                : GridRect(column: position, row: frame.row + Swift.max(0, offset), width: size.width, height: size.height)
            place(child, in: rect, clip: clip, context: inner, depth: depth + 1, into: &boxes)
            position = position.adding(size[axis] + spacing)
        }
    }

    private func placeScrollView(_ node: Node, _ children: [LayoutElement], axes: Axis.Set, frame: GridRect, clip: GridRect,
                                 context: LayoutContext, depth: Int, into boxes: inout BoxList) {
        let offered = ProposedSize(width: axes.contains(.horizontal) ? nil : frame.width, height: axes.contains(.vertical) ? nil : frame.height)
        let content = children.count == 1
            ? size(of: children[0], proposal: offered, context: context, depth: depth + 1)
            : stack(.vertical, children, spacing: 0, lazy: false, proposal: offered, context: context, depth: depth).size
        contentSizes[ObjectIdentifier(node)] = content
        let offset = clampedOffset(node, content: content, frame: frame)
        let contentFrame = GridRect(column: frame.column - offset.x, row: frame.row - offset.y,
                                    width: axes.contains(.horizontal) ? content.width : frame.width,
                                    height: axes.contains(.vertical) ? content.height : frame.height)
        placeContent(children, in: contentFrame, clip: clip.intersection(frame), context: context, depth: depth, into: &boxes)
    }

    private func placeList(_ node: Node, _ children: [LayoutElement], frame: GridRect, clip: GridRect, context: LayoutContext, depth: Int,
                           into boxes: inout BoxList, marks: inout [Mark]) {
        var inner = context
        inner.stackAxis = .vertical
        let layout = listContent(children, of: node, width: frame.width, context: context, depth: depth)
        contentSizes[ObjectIdentifier(node)] = layout.size
        let offset = clampedOffset(node, content: layout.size, frame: frame)
        let listClip = clip.intersection(frame)
        let top = frame.row - offset.y
        var row = top
        for (index, (child, size)) in zip(children, layout.sizes).enumerated() {
            if index < layout.rowStarts.count, let start = layout.rowStarts[index] { row = top + start }
            // A separator is the list's own drawing: only inside its frame (a list squeezed to
            // a few rows must not draw over what follows it).
            if index > 0, layout.separatorGap(after: index - 1) == 1, listClip.contains(column: listClip.column, row: row - 1) {
                marks.append(.line(column: frame.column, row: row - 1, width: frame.width, dim: true))
            }
            place(child, in: GridRect(column: frame.column, row: row, width: frame.width, height: size.height), clip: listClip, context: inner, depth: depth + 1,
                  into: &boxes, listRow: true)
            row += size.height + layout.separatorGap(after: index)
        }
    }

    private func clampedOffset(_ node: Node, content: Size, frame: GridRect) -> (x: Int, y: Int) {
        let wanted = scrollOffset(node)
        let clamped = (x: Swift.min(Swift.max(0, wanted.x), Swift.max(0, content.width - frame.width)),
                       y: Swift.min(Swift.max(0, wanted.y), Swift.max(0, content.height - frame.height)))
        if clamped != wanted { didClampScrollOffset(node, clamped) }
        return clamped
    }

    private func inset(_ frame: GridRect, top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) -> GridRect {
        GridRect(column: frame.column + leading, row: frame.row + top, width: frame.width - leading - trailing, height: frame.height - top - bottom)
    }

    private func aligned(_ size: Size, in frame: GridRect, _ alignment: Alignment) -> GridRect {
        GridRect(column: frame.column + Int((Double(frame.width - size.width) * alignment.horizontal.fraction).rounded(.down)),
                 row: frame.row + Int((Double(frame.height - size.height) * alignment.vertical.fraction).rounded(.down)),
                 width: size.width, height: size.height)
    }

    /// A border's marks, on the rows of `clip` only: a frame taller than the screen costs the
    /// screen's rows.
    private func borderMarks(_ frame: GridRect, clip: GridRect) -> [Mark] {
        guard frame.width >= 2, frame.height >= 2 else { return [] }
        var marks: [Mark] = []
        for (row, left, right) in [(frame.row, Cluster.topLeft, Cluster.topRight), (frame.maxRow - 1, .bottomLeft, .bottomRight)] {
            marks.append(Mark(column: frame.column, row: row, [left]))
            marks.append(.line(column: frame.column + 1, row: row, width: frame.width - 2))
            marks.append(Mark(column: frame.maxColumn - 1, row: row, [right]))
        }
        let sides = GridRect(column: frame.column, row: frame.row + 1, width: frame.width, height: frame.height - 2).intersection(clip)
        for row in sides.row..<sides.maxRow {
            marks.append(Mark(column: frame.column, row: row, [.verticalLine]))
            marks.append(Mark(column: frame.maxColumn - 1, row: row, [.verticalLine]))
        }
        return marks
    }
}

extension LayoutEngine {
    static let linkArrow = Cluster.cells("›")
    static let toggleOn = Cluster.cells("[x]")
    static let toggleOff = Cluster.cells("[ ]")
    static let pickerOpen = Cluster.cells(": ‹ ")
    static let pickerClose = Cluster.cells(" ›")
}

extension HorizontalAlignment {
    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

extension VerticalAlignment {
    var fraction: Double {
        switch self {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
    }
}
