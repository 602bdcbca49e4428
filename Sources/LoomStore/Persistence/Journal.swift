import Glibc

/// How hard a commit pushes to the disk (SQLite's `PRAGMA synchronous`, in WAL mode).
public enum SynchronousMode: String, Sendable {
    /// fsync on every commit: an acknowledged transaction survives power loss. The default.
    case full = "FULL"
    /// fsync at checkpoints only: acknowledged transactions survive a crash of the daemon; the
    /// last ones before a power loss may be lost. Faster.
    case normal = "NORMAL"
}

/// The store's durable state: a snapshot of the document at some revision, and the journal of
/// every transaction after it, in one SQLite database in WAL mode.
///
/// Transactions are appended in memory and written by `commit()` in one SQLite transaction
/// (group commit: a loop turn's transactions share one fsync). A transaction is acknowledged
/// only after the commit that holds it returned, so what was acknowledged survives a crash.
/// Each transaction is one row, so none is ever half there. `compact` writes a new snapshot and
/// drops the journal rows it covers.
final class Journal {
    /// Held for the journal's life: its lock keeps a second store out.
    private let directory: StateDirectory
    private let database: SQLiteDatabase
    private let insert: SQLiteDatabase.Statement
    private var pending: [(revision: Int64, patch: [UInt8])] = []
    private(set) var entriesSinceSnapshot = 0

    private init(database: SQLiteDatabase, directory: StateDirectory, entriesSinceSnapshot: Int) throws(StoreError) {
        self.database = database
        self.directory = directory
        self.entriesSinceSnapshot = entriesSinceSnapshot
        insert = try database.prepare("INSERT INTO journal (revision, patch) VALUES (?, ?)")
    }

    /// Opens the store in `path` and restores what was last committed: the snapshot, then every
    /// later transaction. An empty store is created only in a directory with no trace of one; a
    /// store that cannot be opened, read whole or written is refused, and its files are left
    /// as they were found (`StateDirectory`).
    static func open(directory path: String, synchronous: SynchronousMode, limits: JSONLimits) throws(StoreError)
        -> (journal: Journal, document: Document, revision: Int64) {
        let directory = try StateDirectory(path: path)
        let found = try directory.storeFiles()
        if found.isEmpty {
            try directory.createDatabase { database throws(StoreError) in
                try database.execute("PRAGMA journal_mode = WAL")
                try database.execute("""
                    CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, document BLOB NOT NULL);
                    CREATE TABLE journal (revision INTEGER PRIMARY KEY, patch BLOB NOT NULL);
                    """)
            }
        }
        let database = try SQLiteDatabase(path: directory.databasePath)
        database.checkpointsOnClose = false
        do throws(StoreError) {
            guard !database.isReadOnly else {
                throw StoreError(.storage, "cannot write \(directory.databasePath) (a read-only filesystem, or a file this user may not write)")
            }
            let restored: (document: Document, revision: Int64, replayed: Int)?
            do {
                try database.execute("PRAGMA synchronous = \(synchronous.rawValue)")
                let tables = try database.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('snapshot', 'journal')")
                restored = try tables.step() && tables.int64(0) == 2 ? replay(database, limits: limits) : nil
            } catch {
                throw directory.refusal("its contents cannot be read: \(error.message)")
            }
            guard let restored else {
                throw directory.refusal("\(StateDirectory.database) is not a Loom store (it has no snapshot and journal tables)")
            }
            database.checkpointsOnClose = true
            directory.makeFilesPrivate()
            let journal = try Journal(database: database, directory: directory, entriesSinceSnapshot: restored.replayed)
            return (journal, restored.document, restored.revision)
        } catch {
            database.close()
            directory.removeCompanions(notIn: found)
            throw error
        }
    }

    private static func replay(_ database: SQLiteDatabase, limits: JSONLimits) throws(StoreError) -> (document: Document, revision: Int64, replayed: Int) {
        var document = Document()
        var revision: Int64 = 0
        let snapshot = try database.prepare("SELECT revision, document FROM snapshot WHERE id = 1")
        if try snapshot.step() {
            revision = snapshot.int64(0)
            document = Document(root: try parse(snapshot.bytes(1), limits: limits, what: "snapshot at revision \(revision)"))
        }
        let journal = try database.prepare("SELECT revision, patch FROM journal WHERE revision > ? ORDER BY revision")
        journal.bind(1, revision)
        var replayed = 0
        while try journal.step() {
            let entry = journal.int64(0)
            let operations = try PatchOperation.decode(try parse(journal.bytes(1), limits: limits, what: "journal entry \(entry)"), limit: .max)
            var log = Document.EditLog()
            do {
                for operation in operations { try document.apply(operation, log: &log) }
            } catch {
                throw StoreError(.storage, "journal entry \(entry) does not apply to the restored document: \(error)")
            }
            revision = entry
            replayed += 1
        }
        return (document, revision, replayed)
    }

    private static func parse(_ bytes: [UInt8], limits: JSONLimits, what: String) throws(StoreError) -> JSONValue {
        var unlimited = limits
        unlimited.maximumBytes = .max
        do {
            return try JSONParser.parse(bytes, limits: unlimited)
        } catch {
            throw StoreError(.storage, "the \(what) is damaged: \(error)")
        }
    }

    func append(revision: Int64, operations: [PatchOperation]) {
        pending.append((revision, JSONWriter.bytes(.array(operations.map(\.json)))))
    }

    var hasPending: Bool { !pending.isEmpty }

    /// Writes every pending transaction in one SQLite transaction.
    func commit() throws(StoreError) {
        guard !pending.isEmpty else { return }
        try database.execute("BEGIN IMMEDIATE")
        do {
            for entry in pending {
                insert.bind(1, entry.revision)
                insert.bind(2, entry.patch)
                try insert.run()
            }
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        entriesSinceSnapshot += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// Replaces the snapshot with `document` at `revision` and drops the journal rows it covers.
    func compact(document: JSONValue, revision: Int64) throws(StoreError) {
        try commit()
        try database.execute("BEGIN IMMEDIATE")
        do {
            let write = try database.prepare("INSERT OR REPLACE INTO snapshot (id, revision, document) VALUES (1, ?, ?)")
            write.bind(1, revision)
            write.bind(2, JSONWriter.bytes(document))
            try write.run()
            let drop = try database.prepare("DELETE FROM journal WHERE revision <= ?")
            drop.bind(1, revision)
            try drop.run()
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        entriesSinceSnapshot = 0
    }
}
