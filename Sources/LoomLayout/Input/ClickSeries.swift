/// Clicks in a row on one cell, each within `interval` of the one before, count as a series: the
/// second is a double click (`onTapGesture(count: 2)`). The viewer's terminal reports presses,
/// not their count, so the daemon counts them, per viewport, with its monotonic clock.
struct ClickSeries {
    /// The longest pause within a series: Windows' default double-click time (GTK's is 400 ms,
    /// xterm's 250 ms, which people with slower hands find short over a network).
    static let interval = Duration.milliseconds(500)

    private var last: (row: Int, column: Int, at: ContinuousClock.Instant, count: Int)?

    /// Records a click and returns its number in its series (1 for a first click).
    mutating func click(row: Int, column: Int, at now: ContinuousClock.Instant = .now) -> Int {
        var count = 1
        if let last, last.row == row, last.column == column, now - last.at <= Self.interval { count = last.count.addingReportingOverflow(1).partialValue }
        last = (row, column, now, count)
        return count
    }
}
