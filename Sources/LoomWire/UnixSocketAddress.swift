import Glibc

/// A Unix-domain socket address, built once for every place that binds, connects or sends to
/// a socket path. A leading `@` names an abstract socket (as systemd's `NOTIFY_SOCKET` may).
public struct UnixSocketAddress {
    private var address = sockaddr_un()
    private let length: socklen_t

    /// Bytes in a socket's path: `sun_path` holds 108 with the terminating NUL. The kernel would
    /// take a longer path cut short, where no client would find it.
    public static let maximumPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Nil when the path does not fit in `sun_path`.
    public init?(_ path: String) {
        let abstract = path.hasPrefix("@")
        let bytes = abstract ? [0] + Array(path.utf8.dropFirst()) : Array(path.utf8)
        guard bytes.count <= Self.maximumPathBytes else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
    }

    /// A new Unix-domain socket of `type`, closed on exec. Every program here spawns others
    /// (`loom` its ssh, the tests and the benchmark their daemons, viewers and tmux): a socket
    /// a child inherited would stay open in it after this program closed its own copy, and
    /// the daemon would count that connection open for as long as the child lives.
    public static func socket(_ type: __socket_type = SOCK_STREAM) -> Int32 {
        Glibc.socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// Calls `body` with the address as `bind`, `connect` and `sendto` take it.
    public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
    }

    /// Connects `descriptor` to the address; `connect`'s result.
    public func connect(_ descriptor: Int32) -> Int32 {
        withSocketAddress { Glibc.connect(descriptor, $0, $1) }
    }

    /// Binds `descriptor` to the address; `bind`'s result.
    public func bind(_ descriptor: Int32) -> Int32 {
        withSocketAddress { Glibc.bind(descriptor, $0, $1) }
    }

    /// Whether something accepts connections at `path` (a live daemon; a socket file exists a
    /// moment before its owner listens, so a file is no sign of one), checked with a blocking connect.
    public static func isListening(_ path: String) -> Bool {
        guard let address = UnixSocketAddress(path) else { return false }
        let descriptor = socket()
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        return address.connect(descriptor) == 0
    }
}
