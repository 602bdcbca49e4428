import Foundation
import Glibc
import LoomTestSupport
import Synchronization

/// A program run in a pseudo-terminal of a given size, as a terminal emulator would run it:
/// what it writes is read (and counted) continuously, and its CPU time can be read.
final class PseudoTerminal: Sendable {
    let pid: pid_t
    private let master: Int32
    private let received = Mutex(0)
    private let finished = DispatchSemaphore(value: 0)

    init(_ arguments: [String], environment: [String: String], width: Int, height: Int) throws {
        // posix_openpt, unlockpt and ptsname, by hand: Swift's Glibc module does not export them.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            throw BenchFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        // A new session whose first terminal opened is the pseudo-terminal: its controlling terminal.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, slavePath, O_RDWR, 0)
        }
        guard let child = spawnProcess(arguments[0], Array(arguments.dropFirst()), environment: environment,
                                       actions: &actions, flags: Self.spawnNewSession) else {
            throw BenchFailure("cannot run \(arguments[0])")
        }
        pid = child
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                received.withLock { $0 += count }
            }
            finished.signal()
        }.start()
    }

    /// Linux's TIOCSPTLCK and TIOCGPTN (ioctl numbers built by macros Swift cannot import), and
    /// glibc's POSIX_SPAWN_SETSID.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430
    private static let spawnNewSession: Int32 = 0x80

    /// Bytes the program has written to the terminal so far.
    var bytes: Int { received.withLock { $0 } }

    /// CPU time of all the program's threads so far, in nanoseconds (the scheduler's own count).
    var cpuNanoseconds: Double { Self.threadCPU(of: pid).values.reduce(0, +) }

    /// CPU time of each of a process's threads so far, in nanoseconds, by thread id. A thread
    /// that has ended is no longer counted: what a process spent between two moments is
    /// `cpuSpent(from:to:)` of two of these, not the difference of their sums.
    static func threadCPU(of pid: pid_t) -> [String: Double] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var times: [String: Double] = [:]
        for task in tasks {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? "0"
            times[task] = Double(text.split(separator: " ").first ?? "0") ?? 0
        }
        return times
    }

    /// What the threads spent between two `threadCPU` readings: each thread alive at the end
    /// counts from its first reading (or from nothing, if it started since). A thread that ended
    /// in between is lost (the kernel keeps no per-thread count for it), so this errs low, never
    /// negative — as a difference of sums would when a thread that worked before ends.
    static func cpuSpent(from start: [String: Double], to end: [String: Double]) -> Double {
        end.reduce(0) { total, thread in total + max(0, thread.value - (start[thread.key] ?? 0)) }
    }

    /// Stops the program (SIGTERM, then SIGKILL after a second) and waits for it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        close(master)
        _ = finished.wait(timeout: .now() + 2)
    }

    /// Waits until the program has written something and then nothing more for half a second
    /// (drawn, and idle); past `seconds`, fails.
    func waitUntilQuiet(within seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var settled = -1
        while bytes == 0 || settled != bytes {
            guard Date() < deadline else { throw BenchFailure("the program in the pseudo-terminal did not draw and settle within \(Int(seconds)) s") }
            settled = bytes
            Thread.sleep(forTimeInterval: 0.5)
        }
    }

    /// Waits for the program to exit by itself (up to `seconds`).
    func wait(seconds: Double) {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
    }
}
