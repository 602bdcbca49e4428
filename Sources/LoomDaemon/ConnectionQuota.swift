import Glibc
import LoomLoop

/// How many connections one local user may hold open. Descriptors are the first thing a user
/// who can reach the socket could exhaust: past the process's limit nobody connects, root
/// included. So each user has a quota, far below the limit (`DescriptorLimit` raises it at
/// start); the users in `exempt` (root and the daemon's own user) have none. A connection past
/// its user's quota gets a fatal `too_many_connections` and is closed, and the refusal is
/// logged (once per user per `logInterval`, so a flood does not flood the journal).
public struct ConnectionQuota: Sendable {
    public var perUser = 1_000
    public var exempt: Set<UInt32> = [0, getuid()]
    /// Milliseconds between two log lines about one user's refusals.
    static let logInterval: UInt64 = 10_000

    public init() {}
}

/// The connections each user holds, against the quota.
struct ConnectionCounts {
    private var open: [UInt32: Int] = [:]
    private var lastLogged: [UInt32: UInt64] = [:]

    /// Counts a new connection of `uid`, or says why it is refused.
    mutating func admit(_ uid: UInt32?, quota: ConnectionQuota) -> String? {
        guard let uid, !quota.exempt.contains(uid) else { return nil }
        guard open[uid, default: 0] < quota.perUser else {
            return "user \(uid) has \(quota.perUser) connections open, the most one user may have"
        }
        open[uid, default: 0] += 1
        return nil
    }

    mutating func release(_ uid: UInt32?, quota: ConnectionQuota) {
        guard let uid, !quota.exempt.contains(uid), let count = open[uid] else { return }
        open[uid] = count > 1 ? count - 1 : nil
    }

    /// Whether a refusal of `uid` at `now` is to be logged.
    mutating func shouldLog(_ uid: UInt32, now: UInt64) -> Bool {
        if let last = lastLogged[uid], now - last < ConnectionQuota.logInterval { return false }
        lastLogged[uid] = now
        return true
    }
}

/// The process's descriptor limit: the soft limit is raised to the hard one at start (the
/// inherited soft limit is often 1,024, which a thousand idle clients reach). Under systemd the
/// unit sets it (`LimitNOFILE`), and its seccomp filter refuses `setrlimit`: that is fine.
public enum DescriptorLimit {
    /// Raises the soft limit as far as allowed; returns the limit in force.
    @discardableResult
    public static func raise() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }
}
