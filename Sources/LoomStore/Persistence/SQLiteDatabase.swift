import CSQLite
import LoomJSON

/// The few SQLite calls the journal makes, with errors as `DocumentError`s.
final class SQLiteDatabase {
    private var handle: OpaquePointer?

    /// Opens the database at `path`, which must exist (a store's files are created by
    /// `StateDirectory`, never by SQLite on the side).
    init(path: String) throws(DocumentError) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw DocumentError(.storage, "cannot open the state database \(path): \(message)")
        }
    }

    deinit {
        close()
    }

    /// Closes now (statements still open keep SQLite from closing until they go: `sqlite3_close_v2`).
    func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Whether SQLite opened the file read-only (a read-only filesystem, or a file the process
    /// may not write): it says so only here, and fails each write later.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether closing folds the WAL into the database. Off while a store is being checked, so a
    /// store refused at start is left exactly as it was found.
    var checkpointsOnClose = true {
        didSet { _ = loom_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, checkpointsOnClose ? 0 : 1) }
    }

    func execute(_ sql: String) throws(DocumentError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw DocumentError(.storage, "\(text) (in: \(sql))")
        }
    }

    func prepare(_ sql: String) throws(DocumentError) -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DocumentError(.storage, "\(String(cString: sqlite3_errmsg(handle))) (in: \(sql))")
        }
        return Statement(statement, database: self)
    }

    fileprivate var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// A prepared statement, reset after each use.
    final class Statement {
        private let statement: OpaquePointer
        private let database: SQLiteDatabase

        fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
            self.statement = statement
            self.database = database
        }

        deinit {
            sqlite3_finalize(statement)
        }

        func bind(_ index: Int32, _ value: Int64) {
            sqlite3_bind_int64(statement, index, value)
        }

        func bind(_ index: Int32, _ bytes: [UInt8]) {
            // An empty array may have no storage, and a blob bound from no pointer is NULL.
            guard !bytes.isEmpty else { return _ = sqlite3_bind_zeroblob(statement, index, 0) }
            // SQLITE_TRANSIENT: SQLite copies the bytes before this call returns.
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            bytes.withUnsafeBytes { _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
        }

        /// Steps once; true while there is a row to read.
        func step() throws(DocumentError) -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw DocumentError(.storage, database.lastError)
            }
        }

        func run() throws(DocumentError) {
            defer { reset() }
            while try step() {}
        }

        func reset() {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func bytes(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }
    }
}
