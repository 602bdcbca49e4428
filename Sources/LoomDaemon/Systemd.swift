import Glibc
import LoomLoop
import LoomWire

/// What `loomd` does for systemd: adopt the sockets of socket activation (`LISTEN_FDS`), and
/// report readiness, status, watchdog pings and stopping (`NOTIFY_SOCKET`), as sd_listen_fds(3)
/// and sd_notify(3) describe them — without libsystemd, which the daemon does not need.
public enum Systemd {
    /// The descriptors systemd passed, with their names (`LISTEN_FDNAMES`); empty when the
    /// variables are absent or meant for another process (`LISTEN_PID`). The variables are
    /// removed, so children do not inherit them.
    public static func listenDescriptors() -> [(descriptor: Int32, name: String)] {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pid = environment("LISTEN_PID").flatMap(Int32.init), pid == getpid(),
              let count = environment("LISTEN_FDS").flatMap(Int32.init), count > 0 else { return [] }
        let names = environment("LISTEN_FDNAMES")?.split(separator: ":", omittingEmptySubsequences: false).map(String.init) ?? []
        return (0..<count).map { index in
            let descriptor = 3 + index
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            return (descriptor, index < names.count ? names[Int(index)] : "unknown")
        }
    }

    /// Sends `state` (e.g. "READY=1\nSTATUS=…") to the service manager; false when not under one.
    @discardableResult
    public static func notify(_ state: String) -> Bool {
        guard let path = environment("NOTIFY_SOCKET"), !path.isEmpty, let address = UnixSocketAddress(path) else { return false }
        let descriptor = UnixSocketAddress.socket(SOCK_DGRAM)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let sent = state.withCString { text in
            address.withSocketAddress { sendto(descriptor, text, strlen(text), Int32(MSG_NOSIGNAL), $0, $1) }
        }
        return sent >= 0
    }

    /// The watchdog interval systemd asked for (`WATCHDOG_USEC`, for this process), in milliseconds.
    public static func watchdogMilliseconds() -> UInt64? {
        if let pid = environment("WATCHDOG_PID").flatMap(Int32.init), pid != getpid() { return nil }
        guard let microseconds = environment("WATCHDOG_USEC").flatMap(UInt64.init), microseconds > 0 else { return nil }
        return microseconds / 1_000
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
