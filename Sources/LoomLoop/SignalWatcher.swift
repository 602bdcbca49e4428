import CLibUV

/// A POSIX signal delivered on the loop (SIGTERM, SIGINT, SIGWINCH, …) instead of in a handler.
public final class SignalWatcher: Handle {
    private var action: ((Int32) -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        super.init(uv_signal_t.self)
        try LoopError.check(uv_signal_init(loop.loop, signal), "uv_signal_init")
        retainForLoop()
    }

    private var signal: UnsafeMutablePointer<uv_signal_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_signal_t.self) }

    public func start(_ number: Int32, _ action: @escaping (Int32) -> Void) throws(LoopError) {
        self.action = action
        try LoopError.check(uv_signal_start(signal, { signal, number in Handle.owner(signal, as: SignalWatcher.self)?.action?(number) }, number), "uv_signal_start")
    }

    override func willClose() {
        action = nil
    }
}
