import LoomLoop

/// Whether the loop keeps up: how late a 100 ms timer fires (the loop was busy that long, for
/// `loom stats`), and, under a systemd watchdog, WATCHDOG=1 sent from a loop timer at half the
/// interval, so that a stuck loop is noticed and restarted.
final class LoopHealth {
    /// The period of the lag timer.
    static let lagPeriodMilliseconds: UInt64 = 100

    private(set) var lagMilliseconds: UInt64 = 0
    private(set) var maximumLagMilliseconds: UInt64 = 0
    private let lagTimer: LoopTimer
    private let watchdog: LoopTimer?

    init(loop: EventLoop, watchdogMilliseconds: UInt64?) throws {
        lagTimer = try LoopTimer(loop: loop)
        watchdog = try watchdogMilliseconds.map { _ in try LoopTimer(loop: loop) }
        var expected = loop.now + Self.lagPeriodMilliseconds
        lagTimer.start(after: Self.lagPeriodMilliseconds, every: Self.lagPeriodMilliseconds) { [unowned self, unowned loop] in
            lagMilliseconds = loop.now > expected ? loop.now - expected : 0
            maximumLagMilliseconds = max(maximumLagMilliseconds, lagMilliseconds)
            expected = loop.now + Self.lagPeriodMilliseconds
        }
        if let watchdog, let interval = watchdogMilliseconds {
            watchdog.start(after: 0, every: max(1, interval / 2)) { Systemd.notify("WATCHDOG=1") }
        }
    }

    func close() {
        watchdog?.close()
        lagTimer.close()
    }
}
