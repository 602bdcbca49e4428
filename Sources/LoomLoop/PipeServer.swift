import CLibUV
import Glibc

/// A listening Unix socket: binds a path (or adopts a descriptor systemd passed) and hands each
/// accepted connection to `onConnection` as a `SocketStream`.
public final class PipeServer: Handle {
    private let loop: EventLoop
    private var onConnection: ((SocketStream) -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        self.loop = loop
        super.init(uv_pipe_t.self)
        try LoopError.check(uv_pipe_init(loop.loop, pipe, 0), "uv_pipe_init")
        retainForLoop()
    }

    private var pipe: UnsafeMutablePointer<uv_pipe_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_pipe_t.self) }

    /// Binds a socket file at `path` with permission bits `mode`, applied before anyone can
    /// connect: a socket that does not listen yet refuses every connection, so the bits are set
    /// between `bind` and `listen`. Not through the umask, which is the whole process's: a file
    /// another thread creates meanwhile (a developer's program that runs a daemon, a test runner
    /// spawning a daemon that inherits it) would get them too.
    public func bind(_ path: String, mode: mode_t = 0o600) throws(LoopError) {
        try LoopError.check(uv_pipe_bind(pipe, path), "uv_pipe_bind")
        guard chmod(path, mode) == 0 else { throw LoopError(call: "chmod", code: -errno) }
    }

    /// Adopts a listening socket passed by systemd (`LISTEN_FDS`).
    public func adopt(descriptor: Int32) throws(LoopError) {
        try LoopError.check(uv_pipe_open(pipe, descriptor), "uv_pipe_open")
    }

    public func listen(backlog: Int32 = 128, _ onConnection: @escaping (SocketStream) -> Void) throws(LoopError) {
        self.onConnection = onConnection
        try LoopError.check(uv_listen(UnsafeMutableRawPointer(pipe).assumingMemoryBound(to: uv_stream_t.self), backlog) { server, status in
            guard status >= 0, let owner = Handle.owner(server, as: PipeServer.self) else { return }
            owner.acceptOne()
        }, "uv_listen")
    }

    private func acceptOne() {
        guard let client = try? SocketStream(loop: loop) else { return }
        if uv_accept(UnsafeMutableRawPointer(pipe).assumingMemoryBound(to: uv_stream_t.self), client.stream) == 0 {
            onConnection?(client)
        } else {
            client.close()
        }
    }

    override func willClose() {
        onConnection = nil
    }
}
