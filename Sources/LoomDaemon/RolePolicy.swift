import Glibc
import LoomLoop
import LoomWire

/// Decides a connection's role from the peer's credentials (`SO_PEERCRED`), never from what
/// the client claims; `hello` may only ask for less.
///
/// The allowlist: root and the daemon's own user get `control` (which includes viewing and
/// input); users listed in `viewers` get `viewer`; everyone else who can reach the socket (its
/// permissions decide who can) gets `observer`.
///
/// Roles may also go to groups (`"@ops"` in the configuration): a user whose primary or
/// supplementary groups include one of them has the role. Groups are looked up only when some
/// role names a group, once per connection.
public struct RolePolicy: Sendable {
    public var controllers: Set<UInt32> = [0, getuid()]
    public var viewers: Set<UInt32> = []
    /// Groups (gids) whose members control, and view.
    public var controllerGroups: Set<UInt32> = []
    public var viewerGroups: Set<UInt32> = []

    public init() {}

    public func role(for credentials: PeerCredentials?) -> Role {
        guard let credentials else { return .observer }
        if controllers.contains(credentials.uid) { return .control }
        let groups = controllerGroups.isEmpty && viewerGroups.isEmpty ? [] : Self.groups(of: credentials)
        if !controllerGroups.isDisjoint(with: groups) { return .control }
        if viewers.contains(credentials.uid) || !viewerGroups.isDisjoint(with: groups) { return .viewer }
        return .observer
    }

    /// The peer's primary group and its user's supplementary groups (none for a uid without
    /// an account).
    static func groups(of credentials: PeerCredentials) -> Set<UInt32> {
        var groups: Set<UInt32> = [credentials.gid]
        guard let name = credentials.userName else { return groups }
        var count: Int32 = 64
        var list = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, credentials.gid, &list, &count) == -1 {
            list = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, credentials.gid, &list, &count) != -1 else { return groups }
        }
        groups.formUnion(list.prefix(Int(count)))
        return groups
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
