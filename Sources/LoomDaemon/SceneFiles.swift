import Foundation
import Glibc
import LoomStore

/// Scene documents on disk: the declared ones the daemon keeps in its state directory
/// (`scenes/NAME.json`, written whole and atomically — a temporary file, fsync, rename, fsync of
/// the directory — so a crash leaves the old document or the new one, never half of one), and
/// the operator's directory, which it only reads.
struct SceneFiles {
    let directory: String

    /// What a scene name may be to be kept as a file, and to be typed in a shell: letters,
    /// digits, `-`, `_` and `.` (not first), at most `maximumNameBytes`.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= maximumNameBytes, first != "." else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// Long enough for any board's name, short enough for a file name and a status line.
    static let maximumNameBytes = 64

    func path(of name: String) -> String { directory + "/" + name + ".json" }

    /// Every `*.json` file's scene name and text, in name order; a file that cannot be read is
    /// reported, not fatal.
    func read() -> (documents: [(name: String, path: String, text: [UInt8])], problems: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return ([], FileManager.default.fileExists(atPath: directory) ? ["cannot read the scenes directory \(directory)"] : [])
        }
        var documents: [(String, String, [UInt8])] = [], problems: [String] = []
        for file in names.sorted() where file.hasSuffix(".json") && !file.hasPrefix(".") {
            let name = String(file.dropLast(".json".count)), path = directory + "/" + file
            guard Self.isValidName(name) else {
                problems.append("\(path): a scene's file name is its name, of letters, digits, -, _ and . (at most \(Self.maximumNameBytes) bytes)")
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("\(path): cannot be read")
                continue
            }
            documents.append((name, path, Array(data)))
        }
        return (documents, problems)
    }

    /// Writes a document whole (made durable before it replaces the old one).
    func write(_ text: [UInt8], name: String) throws(DaemonError) {
        if let failure = makePrivateDirectory(directory) { throw DaemonError("cannot make \(directory): \(String(cString: strerror(failure)))") }
        let target = path(of: name), temporary = directory + "/." + name + ".json.tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DaemonError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        let failed: Bool = text.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return true }
                written += count
            }
            return fsync(descriptor) != 0
        }
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard !failed else {
            unlink(temporary)
            throw DaemonError("cannot write \(temporary): \(reason)")
        }
        guard rename(temporary, target) == 0 else {
            unlink(temporary)
            throw DaemonError("cannot rename \(temporary) to \(target): \(String(cString: strerror(errno)))")
        }
        syncDirectory()
    }

    func remove(_ name: String) throws(DaemonError) {
        guard unlink(path(of: name)) == 0 || errno == ENOENT else { throw DaemonError("cannot remove \(path(of: name)): \(String(cString: strerror(errno)))") }
        syncDirectory()
    }

    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
