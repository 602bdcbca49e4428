import Glibc
import Synchronization

/// The CPU time one thread has used, read from any other: how a host measures the thread a
/// daemon runs on (`DaemonThread`), and the benchmarks other threads of theirs.
public final class ThreadCPUClock: Sendable {
    private let clock = Mutex<clockid_t?>(nil)

    public init() {}

    /// Called on the thread to be measured, before anything it should count.
    public func start() {
        var id = clockid_t()
        if pthread_getcpuclockid(pthread_self(), &id) == 0 { clock.withLock { $0 = id } }
    }

    /// Nanoseconds of CPU the thread has used; 0 before `start`.
    public var nanoseconds: Int64 {
        guard let id = clock.withLock({ $0 }) else { return 0 }
        var time = timespec()
        clock_gettime(id, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
