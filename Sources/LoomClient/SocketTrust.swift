import Glibc
import LoomWire

/// Who may serve `loom` a socket it found by itself. Before a script's `loom set /secret …`
/// leaves, the socket found through `$LOOM_SOCKET`, the runtime directory or the system path
/// must belong, with its directory, to root or to the user running `loom`: in a shared
/// directory anyone could otherwise put a socket where `loom` looks and be told everything.
/// A socket named with `--socket` is the user's explicit choice and is not checked.
enum SocketTrust {
    static func check(_ path: String) throws(ConnectError) {
        let user = getuid()
        var status = stat()
        // No socket there: connecting says so, in its own words.
        guard lstat(path, &status) == 0 else { return }
        guard status.st_uid == 0 || status.st_uid == user else {
            throw ConnectError(path: path, reason: "the socket belongs to user \(status.st_uid), not to root or to you (\(user)); "
                + "loom does not talk to a socket someone else may have put there. Name it with --socket if you trust it")
        }
        let directory = SocketPath.directory(of: path)
        guard lstat(directory, &status) == 0 else { return }
        let othersMayReplace = status.st_mode & S_IWOTH != 0 && status.st_mode & S_ISVTX == 0
        guard status.st_uid == 0 || status.st_uid == user, !othersMayReplace else {
            throw ConnectError(path: path, reason: "its directory \(directory) "
                + (othersMayReplace ? "lets anyone replace what is in it" : "belongs to user \(status.st_uid), not to root or to you (\(user))")
                + "; loom does not talk to a socket someone else may have put there. Name it with --socket if you trust it")
        }
    }
}
