import LoomLoop

/// Whether the loop keeps up: how long its turns keep it busy (an event arriving during a turn
/// waits that long to be served, for `loom stats`), and, under a systemd watchdog, WATCHDOG=1
/// sent from a loop timer at half the interval, so that a stuck loop is noticed and restarted.
/// Nothing here wakes an idle loop but the watchdog's timer, which systemd asks for.
final class LoopHealth {
    private let watcher: TurnWatcher
    private let watchdog: LoopTimer?

    init(loop: EventLoop, watchdogMilliseconds: UInt64?) throws {
        watcher = try TurnWatcher(loop: loop)
        watchdog = try watchdogMilliseconds.map { _ in try LoopTimer(loop: loop) }
        if let watchdog, let interval = watchdogMilliseconds {
            watchdog.start(after: 0, every: max(1, interval / 2)) { Systemd.notify("WATCHDOG=1") }
        }
    }

    /// How long the last turn kept the loop from waiting, in milliseconds.
    var lagMilliseconds: UInt64 { watcher.lastBusyMilliseconds }
    /// The longest turn since start.
    var maximumLagMilliseconds: UInt64 { watcher.longestBusyMilliseconds }
    /// Loop turns since start: an idle daemon's count stands still.
    var turns: UInt64 { watcher.turns }

    func close() {
        watchdog?.close()
        watcher.close()
    }
}
