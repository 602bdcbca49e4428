import Glibc

/// Signals as bytes on a pipe, so the viewer's one poll loop sees them among its other inputs
/// and every exit path runs the same restoring code (the handler itself only writes a byte).
enum SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    /// The read end, with `signals` delivered to it from now on (and unblocked: a parent may have blocked them).
    static func open(for signals: [Int32]) -> Int32 {
        if readEnd < 0 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return -1 }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC); _ = fcntl(end, F_SETFL, O_NONBLOCK) }
            readEnd = ends[0]
            writeEnd = ends[1]
        }
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        return readEnd
    }

    /// The signals that arrived since the last call.
    static func drain() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &bytes, bytes.count)
        return count > 0 ? bytes[0..<count].map { Int32($0) } : []
    }
}
