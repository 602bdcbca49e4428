import Glibc
import LoomLoop

extension PeerCredentials {
    /// The peer's user name; nil for a uid without an account (one from another user
    /// namespace, or mapped to none).
    var userName: String? {
        guard let account = getpwuid(uid), let name = account.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
