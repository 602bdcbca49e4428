import LoomCells
import LoomGraph

/// Draws laid-out boxes into a cell grid, parents first (so children draw over backgrounds),
/// each clipped to its box's clip; the focused box is drawn inverted (a scroll view that has the
/// focus itself, its scroll indicator: see `ScrollIndicator.swift`), and with `inert` (a
/// read-only viewer's), controls that change data are drawn dim.
enum Drawing {
    /// Draws every box; with `band`, only the rows of `band` (which the caller cleared), each
    /// drawn exactly as in a drawing of the whole screen. Returns how many boxes drew: those
    /// that draw something in the band (not a stack or a spacer, which draw nothing).
    @discardableResult
    static func draw(_ boxes: [LayoutBox], into grid: inout CellGrid, styles: StyleTable, focus: ObjectIdentifier?, inert: Bool = false,
                     band: Range<Int>? = nil) -> Int {
        let bandRect = band.map { GridRect(column: 0, row: $0.lowerBound, width: grid.width, height: $0.count) } ?? grid.bounds
        var drawn = 0
        // By index, and each box that draws in the band lent where it is (`draw(lent:)`).
        boxes.withUnsafeBufferPointer { lent in
            guard let first = lent.baseAddress else { return }
            for index in lent.indices where lent[index].drawnRows.overlaps(band ?? lent[index].drawnRows) && !lent[index].context.isHidden {
                draw(lent: &UnsafeMutablePointer(mutating: first + index).pointee, clip: bandRect, into: &grid, styles: styles)
                drawn += 1
            }
        }
        if inert {
            for box in boxes where !box.context.isHidden && box.node.controlKind?.changesData ?? false {
                restyle(box.frame.intersection(box.clip), clip: bandRect, into: &grid, styles: styles) { $0.insert(.dim) }
            }
        }
        if let focus, let focused = boxes.firstIndex(where: { ObjectIdentifier($0.node) == focus }) {
            let area = boxes.isFocusableScrollView(focused) ? boxes.scrollIndicator(of: focused) : boxes[focused].frame.intersection(boxes[focused].clip)
            restyle(area, clip: bandRect, into: &grid, styles: styles) { $0.formSymmetricDifference(.inverse) }
        }
        return drawn
    }

    /// Draws a box lent as an `inout` access, which nothing may overlap (never written: the
    /// list may be shared): its address is passed on as it is, where an element read from the
    /// list was copied out first, retaining everything a box holds, and released after.
    private static func draw(lent box: inout LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        box.primitive.layout.draw(box, clip: box.clip.intersection(clip), into: &grid, styles: styles)
    }

    private static func restyle(_ area: GridRect, clip: GridRect, into grid: inout CellGrid, styles: StyleTable,
                                _ change: (inout TextStyle) -> Void) {
        grid.restyle(area.intersection(clip)) { id in
            var style = styles[id]
            change(&style.attributes)
            return styles.id(for: style)
        }
    }

    /// Draws marks, each in `style` or dimmed, clipped.
    static func drawMarks(_ marks: [Mark], style: StyleID, dimStyle: StyleID, clip: GridRect, into grid: inout CellGrid) {
        let visible = clip.intersection(grid.bounds)
        for mark in marks where mark.row >= visible.row && mark.row < visible.maxRow {
            let width = mark.clusters.width
            guard width > 0 else { continue }
            // Only the copies that reach the visible columns: a line as wide as a frame of
            // `LayoutEngine.maximumExtent` cells costs the screen's width, not its own.
            let first = Swift.max(0, (visible.column - mark.column) / width - 1)
            let last = Swift.min(mark.repeats, Swift.max(0, (visible.maxColumn - mark.column) / width + 1))
            for copy in first..<Swift.max(first, last) {
                grid.put(mark.clusters, style: mark.dim ? dimStyle : style, row: mark.row, column: mark.column + copy * width, clip: clip)
            }
        }
    }
}
