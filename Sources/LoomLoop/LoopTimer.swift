import CLibUV

/// A timer on the loop: once after `timeout`, then every `interval` (if not 0), in milliseconds.
public final class LoopTimer: Handle {
    /// What each firing does. Set once for a timer started again and again for the same work
    /// (the daemon's end of turn, every turn), then started with `start(after:every:)`: no
    /// closure is made per start.
    public var action: (() -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        super.init(uv_timer_t.self)
        try LoopError.check(uv_timer_init(loop.loop, timer), "uv_timer_init")
        retainForLoop()
    }

    private var timer: UnsafeMutablePointer<uv_timer_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_timer_t.self) }

    public func start(after timeout: UInt64, every interval: UInt64 = 0, _ action: @escaping () -> Void) {
        self.action = action
        start(after: timeout, every: interval)
    }

    /// Starts the timer with the action it has.
    public func start(after timeout: UInt64, every interval: UInt64 = 0) {
        uv_timer_start(timer, { timer in Handle.withOwner(timer, as: LoopTimer.self) { $0.action?() } }, timeout, interval)
    }

    public func stop() {
        uv_timer_stop(timer)
    }

    override func willClose() {
        action = nil
    }
}
