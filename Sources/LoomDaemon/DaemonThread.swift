import Foundation
import LoomLoop
import Synchronization

/// A daemon running on a thread of its own (its loop and its scenes' graphs live there), for
/// hosts that embed one: the benchmarks, the tests. `shutDown()` stops it as SIGTERM would.
public final class DaemonThread: Sendable {
    public let socket: String
    private let stop = Mutex<WakeUp?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    /// The daemon thread's CPU clock, for measuring the daemon's own CPU time from outside.
    private let cpuClock = ThreadCPUClock()

    /// Starts a daemon on `socket` (a fresh temporary path by default) with a configuration
    /// `adjust` may change, lets `configure` register its scenes, and returns once it listens.
    public init(socket: String = NSTemporaryDirectory() + "loomd-\(UUID().uuidString.prefix(8)).sock",
                configure: @escaping @Sendable (Daemon) -> Void = { _ in },
                adjusting adjust: @escaping @Sendable (inout DaemonConfiguration) -> Void = { _ in }) {
        self.socket = socket
        let ready = DispatchSemaphore(value: 0)
        Thread { [self] in
            cpuClock.start()
            do {
                var configuration = DaemonConfiguration(socketPath: socket)
                adjust(&configuration)
                let daemon = try Daemon(configuration: configuration)
                configure(daemon)
                try daemon.listen()
                let trigger = try daemon.shutdownTrigger()
                stop.withLock { $0 = trigger }
                ready.signal()
                try daemon.run()
            } catch {
                FileHandle.standardError.write(Data("daemon failed: \(error)\n".utf8))
                ready.signal()
            }
            finished.signal()
        }.start()
        ready.wait()
    }

    /// CPU time the daemon's thread has used, in nanoseconds.
    public var cpuNanoseconds: Int64 { cpuClock.nanoseconds }

    /// Says `bye` to every client, commits, stops the loop, and waits for the thread to end.
    /// Once: later calls return at once.
    public func shutDown() {
        guard let trigger = stop.withLock({ trigger in defer { trigger = nil }; return trigger }) else { return }
        trigger.send()
        finished.wait()
        unlink(socket)
    }
}
