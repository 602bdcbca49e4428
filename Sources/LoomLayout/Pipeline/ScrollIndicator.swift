import LoomCells
import LoomGraph

/// A scroll view with nothing focusable inside (text to read) is focusable itself, so the
/// keyboard can scroll it: it is drawn focused by a scroll indicator in its last column, not
/// inverted whole, and ↑/↓ scroll it a row while there is more to see that way.
extension [LayoutBox] {
    /// Whether box `index` is a scroll view that takes the focus itself: none of its
    /// descendants can (no control, no list row that is shown and enabled).
    func isFocusableScrollView(_ index: Int) -> Bool {
        guard case .scrollView = self[index].primitive else { return false }
        let descendants = self[(index + 1)..<(index + 1 + self[index].descendants)]
        return !descendants.contains { box in
            !box.context.isDisabled && !box.context.isHidden && (box.isListRow || box.node.controlKind != nil)
        }
    }

    /// The screen rows the content of scroll container box `index` spans (it may reach past
    /// the container's frame either way); its frame's rows when it has no content.
    func contentRows(of index: Int) -> Range<Int> {
        let frame = self[index].frame
        var top = frame.row, bottom = frame.row
        var first = true
        for box in self[(index + 1)..<(index + 1 + self[index].descendants)] where box.frame.height > 0 {
            top = first ? box.frame.row : Swift.min(top, box.frame.row)
            bottom = first ? box.frame.maxRow : Swift.max(bottom, box.frame.maxRow)
            first = false
        }
        return first ? frame.row..<frame.maxRow : top..<bottom
    }

    /// The cells of scroll container box `index`'s indicator: in its last visible column, as
    /// tall a part of its visible rows as the part of the content they show, where they show
    /// it; the whole column when everything is in view.
    func scrollIndicator(of index: Int) -> GridRect {
        let visible = self[index].frame.intersection(self[index].clip)
        guard visible.width > 0, visible.height > 0 else { return visible }
        let content = contentRows(of: index), frame = self[index].frame
        let total = Double(Swift.max(frame.height, content.count)), height = Double(frame.height)
        let length = Swift.max(1, Int(cells: (height * height / total).rounded()))
        let start = Swift.min(Int(cells: (Double(frame.row - content.lowerBound) * height / total).rounded()), frame.height - length)
        let thumb = GridRect(column: visible.maxColumn - 1, row: frame.row + Swift.max(0, start), width: 1, height: length)
        return thumb.intersection(visible)
    }
}
