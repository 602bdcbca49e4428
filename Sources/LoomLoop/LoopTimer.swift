import CLibUV

/// A timer on the loop: once after `timeout`, then every `interval` (if not 0), in milliseconds.
public final class LoopTimer: Handle {
    private var action: (() -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        super.init(uv_timer_t.self)
        try LoopError.check(uv_timer_init(loop.loop, timer), "uv_timer_init")
        retainForLoop()
    }

    private var timer: UnsafeMutablePointer<uv_timer_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_timer_t.self) }

    public func start(after timeout: UInt64, every interval: UInt64 = 0, _ action: @escaping () -> Void) {
        self.action = action
        uv_timer_start(timer, { timer in Handle.owner(timer, as: LoopTimer.self)?.action?() }, timeout, interval)
    }

    public func stop() {
        uv_timer_stop(timer)
    }

    override func willClose() {
        action = nil
    }
}
