import LoomCells
import LoomGraph

/// `List`: a lazy column of rows as wide as the list, with a dim separator line between rows
/// (unless a row hides it, `listRowSeparator`); it takes what it is offered, scrolls itself, and
/// its rows are focusable.
struct ListLayout: PrimitiveLayout {
    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let content = rows(subviews, width: proposal.width.finite).size
        return Size(width: proposal.width.taken ?? content.width, height: proposal.height.taken ?? content.height)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        var inner = subviews.context
        inner.stackAxis = .vertical
        let arrangement = rows(subviews, width: frame.width)
        let offset = subviews.scrollPosition(content: arrangement.size, frame: frame, axes: .vertical)
        let listClip = placement.clip.intersection(frame)
        let top = frame.row - offset.y
        var row = top
        placement.marks.reserveCapacity(subviews.elements.count)
        for (index, (child, size)) in zip(subviews.elements, arrangement.sizes).enumerated() {
            if index < arrangement.rowStarts.count, let start = arrangement.rowStarts[index] { row = top + start }
            // A separator is the list's own drawing: only inside its frame (a list squeezed to
            // a few rows must not draw over what follows it).
            if index > 0, arrangement.separatorGap(after: index - 1) == 1, listClip.contains(column: listClip.column, row: row - 1) {
                placement.marks.append(.line(column: frame.column, row: row - 1, width: frame.width, dim: true))
            }
            subviews.place(child, in: GridRect(column: frame.column, row: row, width: frame.width, height: size.height), clip: listClip,
                            context: inner, listRow: true, into: &placement)
            row += size.height + arrangement.separatorGap(after: index)
        }
    }

    var isScrollContainer: Bool { true }

    /// The rows, lazily, with separator lines for a spacing; as wide as the list.
    private func rows(_ subviews: LayoutSubviews, width: Int?) -> LayoutEngine.StackArrangement {
        var arrangement = subviews.stack(.vertical, spacing: 1, lazy: true, ProposedSize(width: width, height: nil), separated: true)
        arrangement.size.width = width ?? arrangement.size.width
        return arrangement
    }
}
