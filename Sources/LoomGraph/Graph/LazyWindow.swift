/// Which rows lazy containers (`LazyVStack`, `LazyHStack`, `List`) build: the rows in view
/// plus a small fixed overscan, whatever the collection's length (rule 7): always at most
/// `visibleRows + overscan` rows, split before and after the visible ones.
///
/// A host sets it; the layout layer derives it from the viewports of attached viewers.
/// Rows that leave the window are destroyed, and their `@State` with them (as a table view
/// reuses cells): memory stays proportional to what is visible.
package struct LazyWindow: Equatable, Sendable {
    /// Rows built beyond the visible range (half before, half after; all after at the top),
    /// so a scroll of a row or two builds only the rows that enter.
    package static let overscan = 4

    package var firstVisibleRow: Int
    package var visibleRows: Int

    package init(firstVisibleRow: Int = 0, visibleRows: Int = 50) {
        self.firstVisibleRow = max(0, firstVisibleRow)
        self.visibleRows = max(0, visibleRows)
    }

    /// The indices to build in a collection of `count` rows. A window past the end (a viewer
    /// scrolled beyond it, before layout clamps its offset) builds the last rows: built nothing,
    /// the container would measure empty and the offset fall back to the top.
    package func rows(count: Int) -> Range<Int> {
        let lower = max(0, min(firstVisibleRow - Self.overscan / 2, count - visibleRows - Self.overscan / 2))
        let upper = min(count, lower + visibleRows + Self.overscan)
        return lower..<max(lower, upper)
    }
}
