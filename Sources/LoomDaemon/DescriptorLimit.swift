import Glibc

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
