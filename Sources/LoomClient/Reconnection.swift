/// How a client that lost the daemon (it stopped, restarted or was killed) tries again: soon,
/// then half as often each time, up to `longestRetry` — a restarting daemon is back in well
/// under a second, one that is down for long is not asked ten times a second — until it
/// answers, or `timeout` (`--reconnect-timeout`) has passed since the loss.
struct Reconnection {
    /// The longest wait between two attempts; the first waits `firstRetry`.
    static let longestRetry: Duration = .seconds(2)
    static let firstRetry: Duration = .milliseconds(100)

    /// nil: until the user ends it.
    let timeout: Duration?
    private let started = ContinuousClock.now
    /// The wait before the next attempt.
    private(set) var delay = firstRetry

    init(timeout: Duration?) {
        self.timeout = timeout
    }

    /// The message the client ends with once `timeout` has passed; nil while it may go on.
    func givingUp(_ reason: String) -> String? {
        guard let timeout, ContinuousClock.now - started >= timeout else { return nil }
        return reason + "; gave up reconnecting after \(timeout)"
    }

    /// An attempt failed: the next waits longer.
    mutating func failed() {
        delay = min(delay * 2, Self.longestRetry)
    }
}
