import Glibc

/// Makes the directory `path` (never its parents) private to the process's user: 0700 whatever
/// umask the process was started with. `mkdir` applies the umask, and one that takes the owner's
/// bits away (`umask 0277`) would leave a directory its maker cannot use, so the mode is set
/// again once the directory is made. An existing directory is left as it is. The daemon's state
/// directory, its kept scenes' directory and its socket's own directory are made this way.
///
/// - Returns: nil when the directory was made or was already there, else the failure's errno.
package func makePrivateDirectory(_ path: String) -> Int32? {
    if mkdir(path, 0o700) == 0 { return chmod(path, 0o700) == 0 ? nil : errno }
    return errno == EEXIST ? nil : errno
}
