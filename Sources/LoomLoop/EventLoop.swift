import CLibUV

/// A libuv loop: everything that touches the graph and the store runs on its thread.
///
/// Handles (`LoopTimer`, `SignalWatcher`, `WakeUp`, `PipeServer`, `SocketStream`) belong to one loop. A handle's
/// memory is freed only in libuv's close callback, after `close()`; `close()` on the loop then
/// succeeds (`uv_loop_close` returns 0) once every handle was closed and the loop ran.
public final class EventLoop {
    let loop: UnsafeMutablePointer<uv_loop_t>
    private var closed = false
    /// Where every stream on this loop reads into. A read is handed on (copied) before the next
    /// one starts, on this one thread, so one buffer serves them all: an idle connection costs
    /// no read buffer of its own.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    public init() throws(LoopError) {
        loop = .allocate(capacity: 1)
        do {
            try LoopError.check(uv_loop_init(loop), "uv_loop_init")
        } catch {
            loop.deallocate()
            readBuffer.deallocate()
            throw error
        }
    }

    deinit {
        if !closed {
            closeAllHandles()
            while uv_run(loop, UV_RUN_NOWAIT) != 0 {}
            uv_loop_close(loop)
        }
        loop.deallocate()
        readBuffer.deallocate()
    }

    /// Runs until nothing is left to do or `stop()` is called.
    public func run() {
        uv_run(loop, UV_RUN_DEFAULT)
    }

    /// Runs one turn without waiting; true while work remains.
    @discardableResult
    public func runOnce() -> Bool {
        uv_run(loop, UV_RUN_NOWAIT) != 0
    }

    /// Makes `run()` return after the current turn.
    public func stop() {
        uv_stop(loop)
    }

    /// Milliseconds of the loop's clock (updated at the start of each turn).
    public var now: UInt64 { uv_now(loop) }

    /// The monotonic clock in nanoseconds, read when asked (not once per turn, as `now` is).
    public var nanoseconds: UInt64 { uv_hrtime() }

    /// Brings `now` up to the present.
    public func updateTime() {
        uv_update_time(loop)
    }

    /// Closes every handle still open, runs the loop until their close callbacks ran, and
    /// closes the loop; the result is `uv_loop_close`'s (0 when nothing was left behind).
    @discardableResult
    public func close() -> Int32 {
        closeAllHandles()
        while uv_run(loop, UV_RUN_DEFAULT) != 0 {}
        let status = uv_loop_close(loop)
        closed = status == 0
        return status
    }

    private func closeAllHandles() {
        uv_walk(loop, { handle, _ in
            guard let handle, uv_is_closing(handle) == 0, let data = handle.pointee.data else { return }
            Unmanaged<Handle>.fromOpaque(data).takeUnretainedValue().close()
        }, nil)
    }
}

/// A libuv handle owned by a Swift object: retained through `handle->data` while open,
/// released (and its memory freed) in the close callback.
public class Handle {
    let handle: UnsafeMutablePointer<uv_handle_t>
    private let free: (UnsafeMutablePointer<uv_handle_t>) -> Void
    public final private(set) var isClosed = false

    init<H>(_ type: H.Type) {
        let typed = UnsafeMutablePointer<H>.allocate(capacity: 1)
        handle = UnsafeMutableRawPointer(typed).assumingMemoryBound(to: uv_handle_t.self)
        free = { UnsafeMutableRawPointer($0).assumingMemoryBound(to: H.self).deallocate() }
    }

    /// After libuv's init call succeeded: the loop now refers to this object.
    func retainForLoop() {
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// Stops the handle and frees it at the end of this loop turn.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        willClose()
        uv_close(handle) { handle in
            guard let handle, let data = handle.pointee.data else { return }
            let owner = Unmanaged<Handle>.fromOpaque(data)
            handle.pointee.data = nil
            owner.takeUnretainedValue().free(handle)
            owner.release()
        }
    }

    /// Subclasses drop their callbacks here, so no cycle outlives the handle.
    func willClose() {}

    static func owner<T: Handle>(_ handle: UnsafeMutableRawPointer?, as _: T.Type) -> T? {
        unmanagedOwner(handle, as: T.self)?.takeUnretainedValue()
    }

    /// The owner of a handle, lent to `body` without a retain (a callback that runs every
    /// turn): the loop holds it (`retainForLoop`) until its close callback.
    static func withOwner<T: Handle>(_ handle: UnsafeMutableRawPointer?, as _: T.Type, _ body: (T) -> Void) {
        unmanagedOwner(handle, as: T.self)?._withUnsafeGuaranteedRef(body)
    }

    private static func unmanagedOwner<T: Handle>(_ handle: UnsafeMutableRawPointer?, as _: T.Type) -> Unmanaged<T>? {
        guard let handle, let data = handle.assumingMemoryBound(to: uv_handle_t.self).pointee.data else { return nil }
        return Unmanaged<T>.fromOpaque(data)
    }
}
