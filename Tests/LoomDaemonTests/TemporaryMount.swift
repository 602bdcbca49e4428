import Foundation
import Glibc
import LoomTestSupport
import Testing

/// A small tmpfs the test owns: a disk that fills up, or a filesystem made read-only under a
/// running store. Mounting needs root; tests that need one are skipped, with the reason shown,
/// where it cannot be had.
final class TemporaryMount {
    let path: String

    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? TemporaryMount(bytes: 1 << 20) else { return false }
        _ = probe
        return true
    }()
    static let unavailable: Comment = "needs root and a tmpfs mount (run the suite as root, as .ci/run does)"

    init(bytes: Int) throws {
        path = NSTemporaryDirectory() + "loom-mount-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        guard spawnAndWait("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes),mode=0755", "tmpfs", path], captureOutput: false).status == 0 else {
            rmdir(path)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Remounts read-only (true) or read-write.
    @discardableResult
    func setReadOnly(_ readOnly: Bool) -> Bool {
        spawnAndWait("/usr/bin/mount", ["-o", "remount,\(readOnly ? "ro" : "rw")", path], captureOutput: false).status == 0
    }

    deinit {
        _ = spawnAndWait("/usr/bin/umount", ["-l", path], captureOutput: false)
        rmdir(path)
    }
}
