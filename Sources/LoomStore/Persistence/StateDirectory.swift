import Glibc
import LoomJSON

/// The directory a durable store lives in, and the rules that keep what it acknowledged:
///
/// - **One store at a time.** An exclusive `flock` on `lock`, held for the store's life (the
///   kernel drops it when the process dies, however it dies). Two daemons on one directory
///   would each append revisions the other's snapshot later overwrites; the second is refused,
///   naming the holder's pid, which the holder writes into the file.
/// - **Never started over silently.** A directory with no trace of a store (no database, no
///   WAL, no rollback journal) is the only one a store starts empty in. Anything else must open
///   as a store, or the start is refused and nothing in the directory is written or truncated:
///   a WAL beside an empty database may be the only copy of every key.
/// - **Private.** The directory is created 0700, the database 0600 whatever the umask (SQLite
///   gives its `-wal` and `-shm` the database's mode), and an existing store's files are made
///   0600 when opened.
/// - **Created whole.** A new database is made under a temporary name and renamed into place
///   once its tables exist, so a crash while creating leaves no half store behind.
final class StateDirectory {
    let path: String
    /// Open for the store's life: closing it releases the lock.
    private let lock: Int32

    static let database = "state.sqlite"
    /// The files SQLite keeps beside the database: each may hold committed data.
    static let companions = ["-wal", "-journal", "-shm"]
    static let lockFile = "lock"
    static let creating = "state.sqlite.new"

    /// Creates the directory if it is missing (the directory only, never its parents), checks it
    /// can be written, and takes the lock.
    init(path: String) throws(DocumentError) {
        self.path = path
        if let failure = makePrivateDirectory(path) {
            throw DocumentError(.storage, "cannot create the state directory \(path): \(Self.reason(failure))"
                + (failure == ENOENT ? " (its parent does not exist; only the directory itself is created)" : ""))
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw DocumentError(.storage, "the state directory \(path) is not a directory")
        }
        let descriptor = open(path + "/" + Self.lockFile, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw DocumentError(.storage, "cannot write in the state directory \(path): \(Self.reason(errno))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(descriptor)
            close(descriptor)
            throw DocumentError(.storage, "the state directory \(path) is in use by another store"
                + (holder.map { " (loomd pid \($0))" } ?? "") + "; one daemon per state directory")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = fchmod(descriptor, 0o600)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, pid, pid.count, 0) == pid.count else {
            let reason = Self.reason(errno)
            close(descriptor)
            throw DocumentError(.storage, "cannot write in the state directory \(path): \(reason)")
        }
        lock = descriptor
    }

    deinit {
        close(lock)
    }

    var databasePath: String { path + "/" + Self.database }

    /// The files of a store the directory holds (the database's name first, then its
    /// companions'): none means a store may start empty here. A half-made database from a crash
    /// while creating one is not a store's trace (nothing in it was ever acknowledged) and is
    /// removed. A trace that is not a SQLite database beside it is refused.
    func storeFiles() throws(DocumentError) -> [String] {
        let present = ([""] + Self.companions).map { Self.database + $0 }.filter(exists)
        guard !present.isEmpty else {
            unlink(path + "/" + Self.creating)
            return []
        }
        guard present.first == Self.database else {
            throw refusal("holds \(present.joined(separator: " and ")) but no \(Self.database)")
        }
        var status = stat()
        guard lstat(databasePath, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw refusal(cannotOpen: "\(Self.database) is not a regular file")
        }
        var header = [UInt8](repeating: 0, count: 16)
        let descriptor = open(databasePath, O_RDONLY | O_CLOEXEC)
        let read = descriptor >= 0 ? pread(descriptor, &header, header.count, 0) : -1
        if descriptor >= 0 { close(descriptor) }
        guard read == header.count, header == Array("SQLite format 3\0".utf8) else {
            throw refusal(cannotOpen: status.st_size == 0 ? "\(Self.database) is empty" : "\(Self.database) is not a SQLite database (\(status.st_size) bytes)")
        }
        return present
    }

    /// Undoes what opening a refused store added: SQLite makes an empty `-wal` and a `-shm`
    /// beside a database it reads.
    func removeCompanions(notIn found: [String]) {
        for name in Self.companions.map({ Self.database + $0 }) where !found.contains(name) {
            unlink(path + "/" + name)
        }
    }

    /// Makes a new empty database in place: created under a temporary name, given its tables
    /// by `prepare`, made durable, then renamed.
    func createDatabase(_ prepare: (SQLiteDatabase) throws(DocumentError) -> Void) throws(DocumentError) {
        let temporary = path + "/" + Self.creating
        unlink(temporary)
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DocumentError(.storage, "cannot create \(temporary): \(Self.reason(errno))") }
        _ = fchmod(descriptor, 0o600)
        close(descriptor)
        do {
            let database = try SQLiteDatabase(path: temporary)
            try prepare(database)
        }
        try syncFile(temporary)
        guard rename(temporary, databasePath) == 0 else {
            throw DocumentError(.storage, "cannot rename \(temporary) into place: \(Self.reason(errno))")
        }
        try syncFile(path)
    }

    /// Makes an existing store's files private (they may come from an older version, or a umask
    /// that let others read them).
    func makeFilesPrivate() {
        for suffix in [""] + Self.companions where exists(Self.database + suffix) {
            _ = chmod(databasePath + suffix, 0o600)
        }
    }

    /// The refusal of a directory that holds a store's trace but not a store; `finding` says
    /// what it holds.
    func refusal(_ finding: String) -> DocumentError {
        DocumentError(.storage, "the state directory \(path) \(finding). "
            + "Nothing in it was changed. A store starts empty only in an empty directory: move the directory away (or restore it) and start again")
    }

    /// The same, for a store that is there and cannot be opened, for `reason`.
    func refusal(cannotOpen reason: String) -> DocumentError {
        refusal("holds a store that cannot be opened: " + reason)
    }

    private func exists(_ name: String) -> Bool {
        var status = stat()
        return lstat(path + "/" + name, &status) == 0
    }

    private func syncFile(_ file: String) throws(DocumentError) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, fsync(descriptor) == 0 else { throw DocumentError(.storage, "cannot sync \(file): \(Self.reason(errno))") }
    }

    /// The pid the lock's holder wrote.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[0..<count].prefix { (0x30...0x39).contains($0) }, as: UTF8.self))
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
