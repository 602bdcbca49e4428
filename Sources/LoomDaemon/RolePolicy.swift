import Glibc
import LoomLoop
import LoomWire

/// Decides a connection's role from the peer's credentials (`SO_PEERCRED`), never from what
/// the client claims; `hello` may only ask for less.
///
/// The allowlist: root and the daemon's own user get `control` (which includes viewing and
/// input); users listed in `viewers` get `viewer`; everyone else who can reach the socket (its
/// permissions decide who can) gets `observer`.
public struct RolePolicy: Sendable {
    public var controllers: Set<UInt32> = [0, getuid()]
    public var viewers: Set<UInt32> = []

    public init() {}

    public func role(for credentials: PeerCredentials?) -> Role {
        guard let credentials else { return .observer }
        if controllers.contains(credentials.uid) { return .control }
        if viewers.contains(credentials.uid) { return .viewer }
        return .observer
    }
}

extension Role {
    /// How much a role may do: control ⊇ viewer ⊇ observer.
    var rank: Int {
        switch self {
        case .observer: 0
        case .viewer: 1
        case .control: 2
        }
    }
}
