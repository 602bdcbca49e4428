import Glibc
import LoomStore
import LoomWire

/// The path a daemon listens on, made ready without harming anything else that is there.
///
/// A mistyped `--socket` must not cost a file: only a socket that no daemon answers on (what a
/// killed daemon leaves) is replaced; anything else at the path is an error that names it. The
/// socket's own directory is created when missing (0700), never a chain of parents: a typo in
/// a parent is reported, not built.
enum SocketFile {
    static func prepare(_ path: String) throws(DaemonError) {
        guard !path.isEmpty else { throw DaemonError("the socket path is empty") }
        guard path.utf8.count <= UnixSocketAddress.maximumPathBytes else {
            throw DaemonError("the socket path \(path) is \(path.utf8.count) bytes; a Unix socket's path holds at most \(UnixSocketAddress.maximumPathBytes)")
        }
        try createDirectory(of: path)
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK:
            if UnixSocketAddress.isListening(path) { throw DaemonError("another daemon is listening on \(path)") }
            unlink(path)
        case S_IFLNK:
            let target = destination(of: path) ?? "?"
            throw DaemonError("\(path) is a symbolic link (to \(target)\(access(path, F_OK) == 0 ? "" : ", which does not exist")); "
                + "loomd replaces only a socket that no daemon answers on")
        case S_IFDIR:
            throw DaemonError("\(path) is a directory; name the socket file inside it (for example \(path)/loom.sock)")
        default:
            throw DaemonError("\(path) exists and is not a socket (a file of \(status.st_size) bytes); "
                + "loomd replaces only a socket that no daemon answers on: remove it, or choose another path")
        }
    }

    /// The directory part of `path`, created private (0700 whatever the umask) when missing if
    /// its own parent exists.
    private static func createDirectory(of path: String) throws(DaemonError) {
        let directory = SocketPath.directory(of: path)
        guard let failure = makePrivateDirectory(directory) else { return }
        throw DaemonError("cannot create the socket's directory \(directory): \(String(cString: strerror(failure)))"
            + (failure == ENOENT ? " (its parent does not exist; loomd creates only the socket's own directory)" : ""))
    }

    /// Where a symbolic link points; nil when it cannot be read.
    private static func destination(of link: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(link, $0.baseAddress!, $0.count - 1) }
        return count >= 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }
}
