import Foundation
import Glibc
import LoomJSON
@testable import LoomStore
import LoomTestSupport
import Testing

/// The state directory's rules (docs/store.md, "The durability contract"): one store at a time,
/// never started over silently, private files, a database created whole.
@Suite("The state directory")
struct StateDirectoryTests {
    @Test func aSecondStoreOnTheSameDirectoryIsRefusedNamingTheHoldersPid() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try Store(stateDirectory: directory)
        try first.set("mine", at: pointer("/a"))
        try first.commit()
        #expect { try Store(stateDirectory: directory) } throws: { error in
            let message = (error as? DocumentError)?.message ?? ""
            return message.contains("in use") && message.contains("pid \(getpid())")
        }
        #expect(first.value(at: pointer("/a")) == "mine", "the holder goes on")
        try first.set("still mine", at: pointer("/a"))
        try first.commit()
    }

    @Test func theLockIsReleasedWhenTheStoreGoesAway() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try Store(stateDirectory: directory)
            try store.set(1, at: pointer("/a"))
            try store.commit()
        }
        #expect(try Store(stateDirectory: directory).value(at: pointer("/a")) == 1)
    }

    @Test func onlyTheDirectoryItselfIsCreatedNeverItsParents() {
        let parent = NSTemporaryDirectory() + "loom-missing-\(UUID().uuidString)"
        #expect { try Store(stateDirectory: parent + "/state") } throws: { error in
            ((error as? DocumentError)?.message ?? "").contains("its parent does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: parent))
    }

    @Test func aNewStoreIsPrivateWhateverTheUmask() throws {
        let parent = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let directory = parent + "/state"
        let previous = umask(0)
        defer { umask(previous) }
        let store = try Store(stateDirectory: directory)
        try store.set("secret", at: pointer("/token"))
        try store.commit()
        #expect(permissionBits(of: directory) == 0o700)
        for file in ["state.sqlite", "state.sqlite-wal", "state.sqlite-shm", "lock"] {
            #expect(permissionBits(of: directory + "/" + file) == 0o600, "\(file)")
        }
    }

    @Test func anExistingStoresFilesAreMadePrivateWhenOpened() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try Store(stateDirectory: directory)
            try store.set("secret", at: pointer("/token"))
            try store.commit()
        }
        chmod(directory + "/state.sqlite", 0o644)
        let store = try Store(stateDirectory: directory)
        #expect(permissionBits(of: directory + "/state.sqlite") == 0o600)
        #expect(store.value(at: pointer("/token")) == "secret")
    }

    @Test func aHalfMadeDatabaseFromACrashWhileCreatingIsNotAStore() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = FileManager.default.createFile(atPath: directory + "/state.sqlite.new", contents: Data("half".utf8))
        let store = try Store(stateDirectory: directory)
        #expect(store.revision == 0)
        #expect(!FileManager.default.fileExists(atPath: directory + "/state.sqlite.new"))
        #expect(FileManager.default.fileExists(atPath: directory + "/state.sqlite"))
    }

    /// A store written before snapshots were stored in parts (no `parts` column, no parts
    /// table) opens as it was and is brought to the current schema.
    @Test func aStoreFromBeforeSnapshotsInPartsOpensAndIsUpgraded() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.sqlite"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute("""
                PRAGMA journal_mode = WAL;
                CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, document BLOB NOT NULL);
                CREATE TABLE journal (revision INTEGER PRIMARY KEY, patch BLOB NOT NULL);
                INSERT INTO snapshot VALUES (1, 2, CAST('{"a":1}' AS BLOB));
                INSERT INTO journal VALUES (3, CAST('[{"op":"add","path":"/b","value":2}]' AS BLOB));
                """)
        }
        let store = try Store(stateDirectory: directory)
        #expect(store.revision == 3)
        #expect(store.root == ["a": 1, "b": 2])
        store.compactionInterval = 1
        store.snapshotPartBytes = 4
        for index in 0..<200 {
            try store.set(.int(Int64(index)), at: pointer("/c"))
            try store.commit()
            usleep(1_000)
        }
        #expect(store.entriesSinceSnapshot < 200, "a snapshot in parts was finished in the upgraded store")
    }

    /// Each way a store's files can be found damaged: the start is refused with a message that
    /// says what was found and what to do, and every file is left byte for byte as it was.
    @Test(arguments: Damage.allCases)
    func aStoreThatCannotBeOpenedIsRefusedAndLeftExactlyAsFound(_ damage: Damage) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try damage.make(in: directory)
        let before = contents(of: directory)
        #expect(!before.isEmpty)
        #expect { try Store(stateDirectory: directory) } throws: { error in
            let message = (error as? DocumentError)?.message ?? ""
            return (error as? DocumentError)?.code == .storage && message.contains("Nothing in it was changed") && message.contains(damage.said)
        }
        #expect(contents(of: directory) == before, "\(damage): nothing written, nothing truncated")
    }

    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case emptyDatabase, walWithoutDatabase, walBesideAnEmptyDatabase, randomBytes, truncatedToHalf, overwrittenHeader, zeroedPages, foreignDatabase

        var testDescription: String { rawValue }

        /// What the refusal names.
        var said: String {
            switch self {
            case .emptyDatabase, .walBesideAnEmptyDatabase: "state.sqlite is empty"
            case .walWithoutDatabase: "holds state.sqlite-wal but no state.sqlite"
            case .randomBytes, .overwrittenHeader: "is not a SQLite database"
            case .truncatedToHalf, .zeroedPages: "cannot be read"
            case .foreignDatabase: "is not a Loom store"
            }
        }

        func make(in directory: String) throws {
            let database = directory + "/state.sqlite"
            switch self {
            case .emptyDatabase:
                _ = FileManager.default.createFile(atPath: database, contents: Data())
            case .walWithoutDatabase:
                try makeStoreWithItsWAL(in: directory)
                try FileManager.default.removeItem(atPath: database)
            case .walBesideAnEmptyDatabase:
                try makeStoreWithItsWAL(in: directory)
                truncate(database, 0)
            case .randomBytes:
                var generator = SystemRandomNumberGenerator()
                _ = FileManager.default.createFile(atPath: database, contents: Data((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) }))
            case .truncatedToHalf:
                try makeStore(in: directory)
                truncate(database, off_t(size(database) / 2))
            case .overwrittenHeader:
                try makeStore(in: directory)
                try overwrite(database, at: 0, with: Array(repeating: 0x41, count: 100))
            case .zeroedPages:
                try makeStore(in: directory)
                try overwrite(database, at: 4_096, with: Array(repeating: 0, count: 4_096 * 3))
            case .foreignDatabase:
                try makeStore(in: directory)
                try FileManager.default.removeItem(atPath: database)
                try makeForeignDatabase(at: database)
            }
            try? FileManager.default.removeItem(atPath: directory + "/lock")
        }

        /// A closed store: everything folded into the database, no WAL.
        private func makeStore(in directory: String) throws {
            let store = try Store(stateDirectory: directory)
            store.compactionInterval = 50
            for index in 0..<120 {
                try store.set(.string(String(repeating: "x", count: 200) + "\(index)"), at: pointer("/keys/k\(index)"))
                try store.commit()
            }
        }

        /// A store killed with its data still in the WAL: the files copied while it is open.
        private func makeStoreWithItsWAL(in directory: String) throws {
            let live = directory + "/live"
            try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: false)
            let store = try Store(stateDirectory: live)
            for index in 0..<50 {
                try store.set(.int(Int64(index)), at: pointer("/keys/k\(index)"))
                try store.commit()
            }
            for file in ["state.sqlite", "state.sqlite-wal"] {
                try FileManager.default.copyItem(atPath: live + "/" + file, toPath: directory + "/" + file)
            }
            #expect(size(directory + "/state.sqlite-wal") > 0)
            withExtendedLifetime(store) {}
            try FileManager.default.removeItem(atPath: live)
        }

        /// Another program's SQLite database, with a table of its own.
        private func makeForeignDatabase(at path: String) throws {
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            try SQLiteDatabase(path: path).execute("CREATE TABLE t (x)")
        }

        private func overwrite(_ path: String, at offset: UInt64, with bytes: [UInt8]) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: Data(bytes))
            try handle.close()
        }
    }
}

/// Every file in `directory` but the lock (which a refused store may create), with its bytes.
private func contents(of directory: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name != "lock" {
        files[name] = FileManager.default.contents(atPath: directory + "/" + name)
    }
    return files
}

private func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
