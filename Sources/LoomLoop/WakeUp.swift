import CLibUV

/// Wakes the loop from any thread (`uv_async_t`): several `send()`s before the loop runs are one call.
public final class WakeUp: Handle, @unchecked Sendable {
    private var action: (() -> Void)?

    public init(loop: EventLoop, _ action: @escaping () -> Void) throws(LoopError) {
        self.action = action
        super.init(uv_async_t.self)
        try LoopError.check(uv_async_init(loop.loop, async, { async in Handle.owner(async, as: WakeUp.self)?.action?() }), "uv_async_init")
        retainForLoop()
    }

    private var async: UnsafeMutablePointer<uv_async_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_async_t.self) }

    /// Safe from any thread (libuv's one thread-safe call).
    public func send() {
        uv_async_send(async)
    }

    override func willClose() {
        action = nil
    }
}
