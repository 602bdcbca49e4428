import CLibUV

/// Measures, each time the loop is about to wait again, how long the turn that ends kept it
/// busy since its last wait returned: the time an event arriving meanwhile waited to be served.
///
/// It watches from libuv's check and prepare hooks, which run around the loop's wait and never
/// make it turn: an idle loop stays asleep. (A periodic timer measuring how late it fires would
/// wake an idle daemon every period, and each wake of a sleeping thread costs more CPU than the
/// work of a small update; see docs/BENCHMARKS.md.) Neither hook keeps the loop running.
public final class TurnWatcher {
    private let afterWait: Hook
    private let beforeWait: Hook
    /// The loop's clock when its last wait returned.
    private var waitEnded: UInt64
    /// Turns that ended since the watcher started.
    public private(set) var turns: UInt64 = 0
    /// How long the last turn kept the loop busy, in milliseconds of the loop's clock.
    public private(set) var lastBusyMilliseconds: UInt64 = 0
    /// The longest turn since the watcher started.
    public private(set) var longestBusyMilliseconds: UInt64 = 0

    public init(loop: EventLoop) throws(LoopError) {
        self.loop = loop
        waitEnded = loop.now
        afterWait = try Hook(loop: loop, kind: .check)
        beforeWait = try Hook(loop: loop, kind: .prepare)
        // Not counted references, and not checked ones either (they run at every turn, and a
        // retain and release per call cost more than the watching): the hooks run only while
        // their loop runs, and never after `close`, which the watcher's deinit calls.
        afterWait.watcher = self
        beforeWait.watcher = self
    }

    /// The loop it watches: it owns the watcher's hooks, which outlive neither.
    private unowned(unsafe) let loop: EventLoop

    /// libuv updates its clock when the wait returns, before the callbacks of what woke it.
    fileprivate func waitDidEnd() {
        waitEnded = loop.now
    }

    fileprivate func waitWillBegin() {
        loop.updateTime()
        turns &+= 1
        lastBusyMilliseconds = loop.now >= waitEnded ? loop.now - waitEnded : 0
        longestBusyMilliseconds = max(longestBusyMilliseconds, lastBusyMilliseconds)
    }

    /// Stops watching: the hooks go at the end of this turn. Also when the watcher goes without
    /// it, so that no hook outlives the watcher its callbacks refer to.
    public func close() {
        afterWait.close()
        beforeWait.close()
    }

    deinit { close() }
}

/// A libuv check (after the wait) or prepare (before it) handle, unreferenced, telling its
/// watcher.
private final class Hook: Handle {
    enum Kind { case check, prepare }
    unowned(unsafe) var watcher: TurnWatcher?

    init(loop: EventLoop, kind: Kind) throws(LoopError) {
        switch kind {
        case .check:
            super.init(uv_check_t.self)
            let check = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_check_t.self)
            try LoopError.check(uv_check_init(loop.loop, check), "uv_check_init")
            retainForLoop()
            uv_check_start(check) { check in Handle.withOwner(check, as: Hook.self) { $0.watcher?.waitDidEnd() } }
        case .prepare:
            super.init(uv_prepare_t.self)
            let prepare = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_prepare_t.self)
            try LoopError.check(uv_prepare_init(loop.loop, prepare), "uv_prepare_init")
            retainForLoop()
            uv_prepare_start(prepare) { prepare in Handle.withOwner(prepare, as: Hook.self) { $0.watcher?.waitWillBegin() } }
        }
        uv_unref(handle)
    }

    override func willClose() {
        watcher = nil
    }
}
