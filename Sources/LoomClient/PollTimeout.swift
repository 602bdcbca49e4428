/// `poll`'s timeout for a deadline: the milliseconds left, rounded up (a poll that woke a
/// fraction of a millisecond early would only poll again), never below 0, within `Int32`.
func pollMilliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let left = ContinuousClock.now.duration(to: deadline)
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    return Int32(clamping: seconds.multipliedReportingOverflow(by: 1_000).partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
}
