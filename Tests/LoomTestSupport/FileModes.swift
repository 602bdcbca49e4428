import Glibc

/// The permission bits of the file at `path` (`stat`, following a link), nil when it is not
/// there: what the tests of private files and sockets compare with 0o700, 0o600, 0o660.
public func permissionBits(of path: String) -> mode_t? {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
}
