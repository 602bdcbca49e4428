/// Where the daemon's socket is, by one rule the daemon and every client share, so that they
/// meet without configuration: an explicit path, then `$LOOM_SOCKET`, then the user's runtime
/// directory, then the system service's socket (systemd/loomd.socket).
public enum SocketPath {
    public static let system = "/run/loom-socket/loom.sock"

    /// The directory a socket's path names its file in: "." for a bare name, "/" at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func resolve(_ explicit: String?, environment: [String: String]) -> String {
        if let explicit { return explicit }
        if let path = environment["LOOM_SOCKET"], !path.isEmpty { return path }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/loom/loom.sock" }
        return system
    }
}
