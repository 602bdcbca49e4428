import Foundation
import LoomJSON
import LoomStore

// The store's crash test runs this child and kills it with SIGKILL at random points.
//
// On start it restores the store in STATE_DIR and prints what it found:
//     restored <revision> <count> <consistent 0|1>
// then applies transactions forever, each adding /counter/<n> and setting /last and /sum in
// one transaction, committing every few, and printing after each commit returned:
//     ack <revision>
// A transaction applied in part would break /last == count or /sum == count·(count+1)/2.
// Snapshots are made every 200 transactions and stored in 4 KB parts, so kills also land while
// a snapshot is being stored.

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: LoomStoreCrashChild STATE_DIR\n".utf8))
    exit(2)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

do {
    let store = try Store(stateDirectory: CommandLine.arguments[1])
    // Snapshots often and in small parts, so that kills land while one is being stored.
    store.compactionInterval = 200
    store.snapshotPartBytes = 4_096
    if store.value(at: JSONPointer("/counter")) == nil {
        try store.set(["counter": [:], "last": 0, "sum": 0], at: .root)
        try store.commit()
    }
    guard case .object(let counter)? = store.value(at: JSONPointer("/counter")),
          let last = store.value(at: JSONPointer("/last"))?.intValue,
          let sum = store.value(at: JSONPointer("/sum"))?.intValue else {
        say("restored \(store.revision) 0 0")
        exit(1)
    }
    var count = Int64(counter.count)
    let contiguous = counter.keys.enumerated().allSatisfy { $0.element == String($0.offset + 1) }
    let consistent = contiguous && last == count && sum == count * (count + 1) / 2
    say("restored \(store.revision) \(count) \(consistent ? 1 : 0)")

    while true {
        for _ in 0..<Int.random(in: 1...8) {
            count += 1
            try store.apply([
                .add(try JSONPointer("/counter/\(count)"), .int(count)),
                .replace(JSONPointer("/last"), .int(count)),
                .replace(JSONPointer("/sum"), .int(count * (count + 1) / 2)),
            ])
        }
        say("ack \(try store.commit())")
    }
} catch {
    FileHandle.standardError.write(Data("LoomStoreCrashChild: \(error)\n".utf8))
    exit(1)
}
