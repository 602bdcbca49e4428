import Glibc
import LoomWire

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

    /// A new connection of `uid`: counted against the quota (its user is returned, to be given
    /// back to `release`), not counted (nil: no credentials, or an exempt user), or refused.
    mutating func admit(_ uid: UInt32?, quota: ConnectionQuota) throws(WireError) -> UInt32? {
        guard let uid, !quota.exempt.contains(uid) else { return nil }
        guard open[uid, default: 0] < quota.perUser else {
            throw WireError(.tooManyConnections, "user \(uid) has \(quota.perUser) connections open, the most one user may have")
        }
        open[uid, default: 0] += 1
        return uid
    }

    /// Gives back what `admit` counted.
    mutating func release(_ uid: UInt32) {
        guard let count = open[uid] else { return }
        open[uid] = count > 1 ? count - 1 : nil
    }

    /// Whether a refusal of `uid` at `now` is to be logged.
    mutating func shouldLog(_ uid: UInt32, now: UInt64) -> Bool {
        if let last = lastLogged[uid], now - last < ConnectionQuota.logInterval { return false }
        lastLogged[uid] = now
        return true
    }
}
