import Foundation
import LoomDaemon
import LoomWire

/// The floor of Loom's shape on this machine: a daemon thread and a viewer process that pass an
/// update along and do nothing else. Each update wakes the daemon for a control client's request
/// (it replies, and writes the frame to the viewer) and again for the viewer's acknowledgement,
/// and wakes the viewer, which writes the frame's bytes to its terminal and acknowledges — the
/// system calls `loomd` and `loom attach` make for a one-cell change (`strace` shows the same
/// ones), with none of their work. What Loom costs above this is its own code; what the floor
/// costs is the machine's price of waking two processes and writing to a terminal, which no
/// implementation of this shape goes below.
///
/// The daemon half is a thread of this process, as `loomd` is in `peers`, using `poll`, `read`
/// and `write` directly; the viewer half is `Peers/floor_viewer.c`, built with the system's C
/// compiler.
final class WakeFloor: Sendable {
    /// Where the viewer connects.
    let socket = NSTemporaryDirectory() + "loom-floor-\(UUID().uuidString.prefix(8)).sock"
    /// The control client's end (this thread's) and the daemon's.
    private let control: Int32, daemonsControl: Int32
    private let listener: Int32
    private let cpuClock = ThreadCPUClock()
    private let finished = DispatchSemaphore(value: 0)
    /// What one frame writes to the terminal for `row`: a cursor move and the changed cells, as
    /// many bytes as Loom's one-cell frame.
    static func frame(row: Int, on: Bool) -> [UInt8] { Array("\u{1b}[\(row + 1);21H\(on ? "on " : "off")".utf8) }

    init() throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw BenchFailure("floor: socketpair failed (errno \(errno))")
        }
        (control, daemonsControl) = (pair[0], pair[1])
        listener = UnixSocketAddress.socket()
        guard listener >= 0, let address = UnixSocketAddress(socket) else { throw BenchFailure("floor: no socket at \(socket)") }
        guard address.bind(listener) == 0, listen(listener, 1) == 0 else { throw BenchFailure("floor: cannot listen on \(socket) (errno \(errno))") }
        Thread { [self] in
            cpuClock.start()
            serve()
            finished.signal()
        }.start()
    }

    /// The daemon half: accepts the viewer, then serves requests and acknowledgements until the
    /// control client closes.
    private func serve() {
        let viewer = accept(listener, nil, nil)
        guard viewer >= 0 else { return }
        defer { close(viewer) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var watched = [pollfd(fd: daemonsControl, events: Int16(POLLIN), revents: 0), pollfd(fd: viewer, events: Int16(POLLIN), revents: 0)]
        var flags: [Bool] = Array(repeating: false, count: 256)
        while poll(&watched, 2, -1) >= 0 {
            if watched[0].revents != 0 {
                let count = read(daemonsControl, &buffer, buffer.count)
                guard count > 0 else { return }
                let row = Int(buffer[0])
                flags[row].toggle()
                let frame = Self.frame(row: row, on: flags[row])
                guard write(daemonsControl, [1], 1) == 1, write(viewer, frame, frame.count) == frame.count else { return }
            }
            if watched[1].revents != 0 {
                guard read(viewer, &buffer, buffer.count) > 0 else { return }
            }
        }
    }

    /// One request for `row` (taken modulo 256: the daemon half keeps a flag for each), answered.
    func request(row: Int) throws {
        var reply: UInt8 = 0
        guard write(control, [UInt8(truncatingIfNeeded: row)], 1) == 1, read(control, &reply, 1) == 1 else { throw BenchFailure("floor: the daemon half stopped") }
    }

    /// CPU time the daemon half's thread has used, in nanoseconds.
    var cpuNanoseconds: Int64 { cpuClock.nanoseconds }

    /// Ends the daemon half (the control client closes) and waits for it.
    func stop() {
        close(control)
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(daemonsControl)
        close(listener)
        unlink(socket)
    }
}
