import Foundation
import LoomJSON
import LoomStore
import LoomStoreViews
import LoomTestSupport
import Testing

@Suite("Durability")
struct DurabilityTests {
    @Test func aRestartRestoresEveryCommittedTransactionAndNothingUncommitted() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try Store(stateDirectory: directory)
            try store.set(["jobs": ["b": 1, "a": 2]], at: .root)
            try store.merge(["c": 3], at: pointer("/jobs"))
            try store.increment(at: pointer("/jobs/a"))
            try store.apply([.move(from: pointer("/jobs/b"), to: pointer("/moved"))])
            try store.commit()
            try store.set("never committed", at: pointer("/lost"))
        }
        let restored = try Store(stateDirectory: directory)
        #expect(restored.revision == 4)
        #expect(JSONWriter.string(restored.root) == #"{"jobs":{"a":3,"c":3},"moved":1}"#, "values and member order")
    }

    @Test func compactionWritesASnapshotAndRestoreReadsIt() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try Store(stateDirectory: directory)
            store.compactionInterval = 100
            for index in 0..<250 {
                try store.set(.int(Int64(index)), at: pointer("/n/\(index % 7)"))
                if index % 10 == 9 { try store.commit() }
            }
            try store.commit()
        }
        let restored = try Store(stateDirectory: directory)
        #expect(restored.revision == 250)
        #expect(restored.value(at: pointer("/n/0")) == 245)
        #expect(restored.value(at: pointer("/n/6")) == 244)
    }

    /// A snapshot is made off the loop and stored in parts, one per commit. A crash at any point
    /// (the files copied as they are after each commit) restores every committed transaction,
    /// and once a snapshot is finished the journal it covers is gone.
    @Test func aSnapshotIsStoredInPartsAndACrashAtAnyPointLosesNothing() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(stateDirectory: directory)
        store.compactionInterval = 50
        store.snapshotPartBytes = 256
        var commitsWhileWriting = 0, finished = 0
        for index in 0..<400 {
            try store.set(.string(String(repeating: "x", count: 50) + "\(index)"), at: pointer("/k/\(index % 60)"))
            let wasWriting = store.isWritingSnapshot
            try store.commit()
            if wasWriting && !store.isWritingSnapshot { finished += 1 }
            if store.isWritingSnapshot {
                commitsWhileWriting += 1
                // Give the background thread its turn, as a loop's idle moments would.
                if commitsWhileWriting % 5 == 0 { usleep(1_000) }
            }
            guard index % 9 == 0 else { continue }
            let crashed = temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: crashed) }
            for file in ["state.sqlite", "state.sqlite-wal"] where FileManager.default.fileExists(atPath: directory + "/" + file) {
                try FileManager.default.copyItem(atPath: directory + "/" + file, toPath: crashed + "/" + file)
            }
            let restored = try Store(stateDirectory: crashed)
            #expect(restored.revision == store.revision, "after commit \(index)")
            #expect(restored.root == store.root, "after commit \(index)")
        }
        #expect(finished >= 2, "snapshots were finished")
        #expect(commitsWhileWriting >= 14 * finished, "a 3.5 KB snapshot in 256-byte parts takes 14 commits or more: \(commitsWhileWriting) for \(finished)")
        #expect(store.entriesSinceSnapshot < 400 - 50, "the journal a finished snapshot covers is gone: \(store.entriesSinceSnapshot) rows left")
    }

    @Test func anUnwritableStateDirectoryIsAClearError() {
        #expect { try Store(stateDirectory: "/proc/loom-cannot-be-here") } throws: { ($0 as? DocumentError)?.code == .storage }
    }

    /// A child applies transactions and reports each acknowledgement; it is killed with SIGKILL
    /// at random points. After each restart every acknowledged transaction is there, and no
    /// transaction is there in part.
    @Test func everyAcknowledgedTransactionSurvivesSIGKILLAndNoneIsHalfThere() throws {
        let child = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("LoomStoreCrashChild")
        try #require(FileManager.default.isExecutableFile(atPath: child.path), "build the LoomStoreCrashChild product first (make test does)")
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var acknowledged: Int64 = 0
        var restarts = 0
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<55 {
            let process = Process()
            process.executableURL = child
            process.arguments = [directory]
            let output = Pipe()
            process.standardOutput = output
            try process.run()

            var received = Data()
            while !received.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            usleep(UInt32.random(in: 1_000...40_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            received.append(output.fileHandleForReading.readDataToEndOfFile())

            let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
            let restored = lines.first?.split(separator: " ") ?? []
            try #require(restored.count == 4 && restored[0] == "restored", "unexpected first line: \(lines.first ?? "")")
            let revision = Int64(restored[1])!
            #expect(restored[3] == "1", "a transaction is visible in part after restart \(restarts)")
            #expect(revision >= acknowledged, "restart \(restarts) lost acknowledged revision \(acknowledged), has \(revision)")
            for line in lines.dropFirst() where line.hasPrefix("ack ") {
                if let ack = Int64(line.dropFirst(4)) { acknowledged = max(acknowledged, ack) }
            }
            restarts += 1
        }
        #expect(restarts >= 50)
        #expect(acknowledged > 0)
    }
}
