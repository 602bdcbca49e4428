import CLibUV
import Glibc

/// The credentials of the process at the other end of a Unix socket (`SO_PEERCRED`): the
/// daemon decides roles from these, never from what a client claims.
public struct PeerCredentials: Sendable, Equatable {
    public let pid: Int32
    public let uid: UInt32
    public let gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }
}

/// A connected Unix-socket stream (`uv_pipe_t`): reads arrive as byte chunks; writes are queued
/// by libuv and their memory is kept until libuv is done with it.
public final class SocketStream: Handle {
    private var onData: ((UnsafeRawBufferPointer) -> Void)?
    private var onEnd: ((LoopError?) -> Void)?
    /// The loop's, shared by every stream on it (`EventLoop.readBuffer`).
    private let readBuffer: UnsafeMutableRawBufferPointer

    init(loop: EventLoop) throws(LoopError) {
        readBuffer = loop.readBuffer
        super.init(uv_pipe_t.self)
        try LoopError.check(uv_pipe_init(loop.loop, pipe, 0), "uv_pipe_init")
        retainForLoop()
    }

    /// A client connected to `path`; `completion` is told when it is (or why not).
    public static func connect(loop: EventLoop, path: String, _ completion: @escaping (LoopError?) -> Void) throws(LoopError) -> SocketStream {
        let stream = try SocketStream(loop: loop)
        let request = ConnectRequest(stream: stream, completion: completion)
        uv_pipe_connect(request.request, stream.pipe, path) { request, status in
            guard let request, let data = request.pointee.data else { return }
            let owner = Unmanaged<ConnectRequest>.fromOpaque(data).takeRetainedValue()
            owner.completion(status < 0 ? LoopError(call: "uv_pipe_connect", code: status) : nil)
        }
        return stream
    }

    var pipe: UnsafeMutablePointer<uv_pipe_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_pipe_t.self) }
    var stream: UnsafeMutablePointer<uv_stream_t> { UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_stream_t.self) }

    /// Delivers what arrives to `onData`; `onEnd` once the peer closes (nil) or reading fails.
    /// The bytes are lent for the call (the loop's read buffer, which the next read reuses):
    /// what is kept is copied, once, where it is kept.
    public func startReading(onData: @escaping (UnsafeRawBufferPointer) -> Void, onEnd: @escaping (LoopError?) -> Void) throws(LoopError) {
        self.onData = onData
        self.onEnd = onEnd
        try resumeReading()
    }

    /// Whether reads are delivered. A stream's owner may stop reading for more than one reason
    /// at once and resume when each has passed: stopping and resuming twice are harmless
    /// (libuv refuses a second `uv_read_start`).
    public private(set) var isReading = false

    /// Reads again after `stopReading()`, delivering to the same handlers; nothing if reading.
    public func resumeReading() throws(LoopError) {
        guard !isReading else { return }
        try LoopError.check(uv_read_start(stream, { handle, suggested, buffer in
            guard let owner = Handle.owner(handle, as: SocketStream.self), let buffer else { return }
            buffer.pointee = uv_buf_init(owner.readBuffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(owner.readBuffer.count))
        }, { handle, count, _ in
            guard let owner = Handle.owner(handle, as: SocketStream.self) else { return }
            if count > 0 {
                owner.onData?(UnsafeRawBufferPointer(rebasing: owner.readBuffer[0..<count]))
            } else if count < 0 {
                let end = owner.onEnd
                owner.stopReading()
                end?(count == Int(UV_EOF.rawValue) ? nil : LoopError(call: "read", code: Int32(count)))
            }
        }), "uv_read_start")
        isReading = true
    }

    /// Stops reading: what the peer sends waits in the kernel (backpressure on the peer).
    public func stopReading() {
        uv_read_stop(stream)
        isReading = false
    }

    /// Queues bytes; `completion` is told when they were written (or why not).
    public func write(_ bytes: [UInt8], _ completion: ((LoopError?) -> Void)? = nil) {
        guard !isClosed else {
            completion?(LoopError(call: "uv_write", code: Int32(UV_EPIPE.rawValue)))
            return
        }
        var bytes = bytes[...]
        if completion == nil, !bytes.isEmpty {
            // Most writes fit in the socket's buffer: written now, with no request to allocate
            // and no callback (and loop turn) later. libuv refuses it while earlier writes are
            // queued, so the order holds; what did not fit is queued below.
            let written = bytes.withUnsafeBytes { raw in
                var buffer = uv_buf_init(UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: CChar.self)), UInt32(raw.count))
                return uv_try_write(stream, &buffer, 1)
            }
            if written > 0 { bytes = bytes.dropFirst(Int(written)) }
            if bytes.isEmpty { return }
        }
        let request = WriteRequest(bytes: bytes, completion: completion)
        let status = uv_write(request.request, stream, request.buffer, 1) { request, status in
            guard let request, let data = request.pointee.data else { return }
            let owner = Unmanaged<WriteRequest>.fromOpaque(data).takeRetainedValue()
            owner.completion?(status < 0 ? LoopError(call: "uv_write", code: status) : nil)
        }
        if status < 0 {
            Unmanaged<WriteRequest>.fromOpaque(request.request.pointee.data!).release()
            completion?(LoopError(call: "uv_write", code: status))
        }
    }

    /// Bytes queued and not yet written: a viewer that does not read shows here.
    public var writeQueueSize: Int { uv_stream_get_write_queue_size(stream) }

    /// Who is at the other end.
    public var peerCredentials: PeerCredentials? {
        var descriptor: uv_os_fd_t = -1
        guard uv_fileno(handle, &descriptor) == 0 else { return nil }
        // `struct ucred` is three 32-bit fields (pid, uid, gid); Swift's Glibc hides it behind
        // _GNU_SOURCE, and a tuple of them has the same layout.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    }

    override func willClose() {
        onData = nil
        onEnd = nil
    }
}

/// Keeps a write's bytes alive until libuv's callback.
private final class WriteRequest {
    let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
    let storage: UnsafeMutableRawBufferPointer
    let buffer = UnsafeMutablePointer<uv_buf_t>.allocate(capacity: 1)
    let completion: ((LoopError?) -> Void)?

    init(bytes: ArraySlice<UInt8>, completion: ((LoopError?) -> Void)?) {
        storage = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
        storage.copyBytes(from: bytes)
        buffer.pointee = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count))
        self.completion = completion
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    deinit {
        request.deallocate()
        buffer.deallocate()
        storage.deallocate()
    }
}

private final class ConnectRequest {
    let request = UnsafeMutablePointer<uv_connect_t>.allocate(capacity: 1)
    let stream: SocketStream
    let completion: (LoopError?) -> Void

    init(stream: SocketStream, completion: @escaping (LoopError?) -> Void) {
        self.stream = stream
        self.completion = completion
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    deinit {
        request.deallocate()
    }
}
