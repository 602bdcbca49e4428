import Glibc
import LoomJSON

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
/// drops the journal rows it covers, but the newest (`retainedEntries`, `retainedBytes`): they
/// are the history a watch resumes from (`history(after:through:)`), across restarts too.
final class Journal {
    /// Transactions a snapshot leaves in the journal below it, for watches that resume: a client
    /// away (the daemon restarting, a network) for fewer transactions than this misses nothing.
    /// Older ones are dropped; a watch resumed from before them gets its paths whole.
    static let retainedEntries: Int64 = 10_000
    /// The most bytes of operations kept below a snapshot for the same: a resumed watch reads them
    /// on the loop, so they bound that read; past it the oldest are dropped.
    static let retainedBytes: Int64 = 4 << 20

    /// Held for the journal's life: its lock keeps a second store out.
    private let directory: StateDirectory
    private let database: SQLiteDatabase
    private let insert: SQLiteDatabase.Statement
    private var pending: [(revision: Int64, patch: [UInt8])] = []
    private(set) var entriesSinceSnapshot = 0
    /// What the entries were checked against when written, to read them again.
    private let limits: JSONLimits

    private init(database: SQLiteDatabase, directory: StateDirectory, entriesSinceSnapshot: Int, limits: JSONLimits) throws(DocumentError) {
        self.database = database
        self.limits = limits
        self.directory = directory
        self.entriesSinceSnapshot = entriesSinceSnapshot
        insert = try database.prepare("INSERT INTO journal (revision, patch) VALUES (?, ?)")
    }

    /// Opens the store in `path` and restores what was last committed: the snapshot, then every
    /// later transaction. An empty store is created only in a directory with no trace of one; a
    /// store that cannot be opened, read whole or written is refused, and its files are left
    /// as they were found (`StateDirectory`).
    static func open(directory path: String, synchronous: SynchronousMode, limits: JSONLimits) throws(DocumentError)
        -> (journal: Journal, document: Document, revision: Int64) {
        let directory = try StateDirectory(path: path)
        let found = try directory.storeFiles()
        if found.isEmpty {
            try directory.createDatabase { database throws(DocumentError) in
                try database.execute("PRAGMA journal_mode = WAL")
                try database.execute("""
                    CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, document BLOB NOT NULL, parts INTEGER NOT NULL DEFAULT 0);
                    CREATE TABLE journal (revision INTEGER PRIMARY KEY, patch BLOB NOT NULL);
                    \(partsTable)
                    """)
            }
        }
        let database = try SQLiteDatabase(path: directory.databasePath)
        database.checkpointsOnClose = false
        do throws(DocumentError) {
            guard !database.isReadOnly else {
                throw DocumentError(.storage, "cannot write \(directory.databasePath) (a read-only filesystem, or a file this user may not write)")
            }
            let restored: (document: Document, revision: Int64, replayed: Int)?
            do {
                try database.execute("PRAGMA synchronous = \(synchronous.rawValue)")
                let tables = try database.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('snapshot', 'journal')")
                restored = try tables.step() && tables.int64(0) == 2 ? replay(database, limits: limits) : nil
            } catch {
                throw directory.refusal(cannotOpen: "its contents cannot be read: \(error.message)")
            }
            guard let restored else {
                throw directory.refusal(cannotOpen: "\(StateDirectory.database) is not a Loom store (it has no snapshot and journal tables)")
            }
            try upgrade(database)
            database.checkpointsOnClose = true
            directory.makeFilesPrivate()
            let journal = try Journal(database: database, directory: directory, entriesSinceSnapshot: restored.replayed, limits: limits)
            return (journal, restored.document, restored.revision)
        } catch {
            database.close()
            directory.removeCompanions(notIn: found)
            throw error
        }
    }

    /// Where a snapshot written in parts keeps them (`SnapshotWriter`).
    private static let partsTable = "CREATE TABLE IF NOT EXISTS snapshot_part (revision INTEGER NOT NULL, part INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (revision, part));"

    /// Whether the snapshot table has the `parts` column (stores made before snapshots were
    /// written in parts do not, until `upgrade`).
    private static func snapshotHasParts(_ database: SQLiteDatabase) throws(DocumentError) -> Bool {
        let columns = try database.prepare("SELECT count(*) FROM pragma_table_info('snapshot') WHERE name = 'parts'")
        return try columns.step() && columns.int64(0) == 1
    }

    /// Brings a store that restored whole to the current schema, and drops the parts of a
    /// snapshot that was never finished.
    private static func upgrade(_ database: SQLiteDatabase) throws(DocumentError) {
        if try !snapshotHasParts(database) {
            try database.execute("ALTER TABLE snapshot ADD COLUMN parts INTEGER NOT NULL DEFAULT 0")
        }
        try database.execute(partsTable)
        try database.execute("DELETE FROM snapshot_part WHERE revision NOT IN (SELECT revision FROM snapshot WHERE parts > 0)")
    }

    private static func replay(_ database: SQLiteDatabase, limits: JSONLimits) throws(DocumentError) -> (document: Document, revision: Int64, replayed: Int) {
        var document = Document()
        var revision: Int64 = 0
        let hasParts = try snapshotHasParts(database)
        let snapshot = try database.prepare("SELECT revision, document\(hasParts ? ", parts" : "") FROM snapshot WHERE id = 1")
        if try snapshot.step() {
            revision = snapshot.int64(0)
            var text = snapshot.bytes(1)
            if hasParts, snapshot.int64(2) > 0 {
                let parts = snapshot.int64(2)
                let rows = try database.prepare("SELECT part, bytes FROM snapshot_part WHERE revision = ? ORDER BY part")
                rows.bind(1, revision)
                var next: Int64 = 0
                while try rows.step() {
                    guard rows.int64(0) == next else { break }
                    text += rows.bytes(1)
                    next += 1
                }
                guard next == parts else { throw DocumentError(.storage, "the snapshot at revision \(revision) has \(next) of its \(parts) parts") }
            }
            document = Document(root: try parse(text, limits: limits, what: "snapshot at revision \(revision)"))
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
                throw DocumentError(.storage, "journal entry \(entry) does not apply to the restored document: \(error)")
            }
            revision = entry
            replayed += 1
        }
        return (document, revision, replayed)
    }

    private static func parse(_ bytes: [UInt8], limits: JSONLimits, what: String) throws(DocumentError) -> JSONValue {
        var unlimited = limits
        unlimited.maximumBytes = .max
        do {
            return try JSONParser.parse(bytes, limits: unlimited)
        } catch {
            throw DocumentError(.storage, "the \(what) is damaged: \(error)")
        }
    }

    func append(revision: Int64, operations: [PatchOperation]) {
        pending.append((revision, JSONWriter.bytes(.array(operations.map(\.json)))))
    }

    var hasPending: Bool { !pending.isEmpty }

    /// Every transaction after `revision` up to `newest` (the store's revision: committed or
    /// pending), oldest first; nil when the journal no longer has them all, or never had
    /// (`revision` is not one of this store's).
    func history(after revision: Int64, through newest: Int64) throws(DocumentError) -> [(revision: Int64, operations: [PatchOperation])]? {
        guard revision <= newest else { return nil }
        let rows = try database.prepare("SELECT revision, patch FROM journal WHERE revision > ? ORDER BY revision")
        rows.bind(1, revision)
        var entries: [(revision: Int64, patch: [UInt8])] = []
        while try rows.step(), rows.int64(0) <= newest { entries.append((rows.int64(0), rows.bytes(1))) }
        entries += pending.filter { $0.revision > revision }
        guard Int64(entries.count) == newest - revision, entries.first.map({ $0.revision == revision + 1 }) ?? true else { return nil }
        return try entries.map { entry throws(DocumentError) in
            (entry.revision, try PatchOperation.decode(try Self.parse(entry.patch, limits: limits, what: "journal entry \(entry.revision)"), limit: .max))
        }
    }

    /// Writes every pending transaction in one SQLite transaction.
    func commit() throws(DocumentError) {
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

    /// Replaces the snapshot with `document` at `revision`, written now and whole (a clean
    /// shutdown), and drops the journal rows it covers.
    func compact(document: JSONValue, revision: Int64) throws(DocumentError) {
        try commit()
        try replaceSnapshot(revision: revision, text: JSONWriter.bytes(document), parts: 0)
        entriesSinceSnapshot = 0
    }

    /// Stores the next part of `writer`'s text, if the text is made: its own small transaction.
    /// True once every part is stored (then `finish`).
    func writePart(of writer: SnapshotWriter, partBytes: Int) throws(DocumentError) -> Bool {
        guard let text = writer.readyText else { return false }
        let end = writer.written + min(max(1, partBytes), text.count - writer.written)
        let insert = try database.prepare("INSERT OR REPLACE INTO snapshot_part (revision, part, bytes) VALUES (?, ?, ?)")
        insert.bind(1, writer.revision)
        insert.bind(2, Int64(writer.parts))
        insert.bind(3, Array(text[writer.written..<end]))
        try insert.run()
        writer.written = end
        writer.parts += 1
        return end == text.count
    }

    /// Makes `writer`'s stored parts the snapshot. Every transaction is committed when this
    /// runs (`Store.commit`), so the rows left are those after the snapshot: `newest` less its revision.
    func finish(_ writer: SnapshotWriter, newest: Int64) throws(DocumentError) {
        try replaceSnapshot(revision: writer.revision, text: [], parts: writer.parts)
        entriesSinceSnapshot = Int(newest - writer.revision)
    }

    /// Drops the parts of a snapshot that will not be finished.
    func abandon(_ writer: SnapshotWriter) {
        guard let drop = try? database.prepare("DELETE FROM snapshot_part WHERE revision = ?") else { return }
        drop.bind(1, writer.revision)
        try? drop.run()
    }

    /// One transaction: the snapshot row (its text inline, or `parts` stored parts at its
    /// revision), the journal rows it covers past the retained history and every other
    /// snapshot's parts dropped.
    private func replaceSnapshot(revision: Int64, text: [UInt8], parts: Int) throws(DocumentError) {
        try database.execute("BEGIN IMMEDIATE")
        do {
            let write = try database.prepare("INSERT OR REPLACE INTO snapshot (id, revision, document, parts) VALUES (1, ?, ?, ?)")
            write.bind(1, revision)
            write.bind(2, text)
            write.bind(3, Int64(parts))
            try write.run()
            let drop = try database.prepare("DELETE FROM journal WHERE revision <= ? - ?")
            drop.bind(1, revision)
            drop.bind(2, Self.retainedEntries)
            try drop.run()
            let dropBeyondBytes = try database.prepare("""
                DELETE FROM journal WHERE revision <= (SELECT max(revision) FROM (
                    SELECT revision, sum(length(patch)) OVER (ORDER BY revision DESC) AS newer FROM journal WHERE revision <= ?)
                WHERE newer > ?)
                """)
            dropBeyondBytes.bind(1, revision)
            dropBeyondBytes.bind(2, Self.retainedBytes)
            try dropBeyondBytes.run()
            let others = try database.prepare("DELETE FROM snapshot_part WHERE revision != ? OR ? = 0")
            others.bind(1, revision)
            others.bind(2, Int64(parts))
            try others.run()
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }
}
