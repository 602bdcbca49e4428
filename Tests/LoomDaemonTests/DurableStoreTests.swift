import Foundation
import Glibc
import LoomDaemon
import LoomJSON
import LoomStore
import LoomWire
import Testing

/// What the daemon acknowledges is on disk, and every client hears the same truth about it
/// (docs/store.md, "The durability contract").
@Suite("The durable store under the daemon", .serialized)
struct DurableStoreTests {
    @Test func aCleanShutdownWritesASnapshotSoTheNextStartReplaysNothing() throws {
        let directory = NSTemporaryDirectory() + "loom-shutdown-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let daemon = DaemonThread(adjusting: { $0.stateDirectory = directory })
        let client = Client.hello(daemon.socket)
        for index in 0..<50 {
            client.send(.set(id: RequestID(Int64(index)), path: "/n/\(index)", value: .int(Int64(index))))
            #expect(client.receive() == .ok(id: RequestID(Int64(index)), revision: Int64(index + 1)))
        }
        daemon.shutDown()
        let restored = try Store(stateDirectory: directory)
        #expect(restored.revision == 50)
        #expect(restored.entriesSinceSnapshot == 0, "everything is in the snapshot")
        #expect(restored.value(at: JSONPointer("/n/49")) == 49)
    }

    /// The rule on a full disk: a write whose commit failed stays pending and its writer waits
    /// for its `ok`, which comes once the write is durable; new writes are refused with
    /// `storage`, to their own request only; reads and pings go on; writes resume when space
    /// returns; nothing acknowledged or pending is lost.
    @Test(.enabled(if: TemporaryMount.isAvailable, TemporaryMount.unavailable))
    func onAFullDiskAWriteWaitsForItsOkNewWritesAreRefusedAndReadsGoOn() throws {
        let mount = try TemporaryMount(bytes: 2 << 20)
        let state = mount.path + "/state", filler = mount.path + "/filler"
        let daemon = DaemonThread(adjusting: { $0.stateDirectory = state })
        defer { daemon.shutDown() }
        let writer = Client.hello(daemon.socket), other = Client.hello(daemon.socket), reader = Client.hello(daemon.socket)
        writer.send(.set(id: 1, path: "/before", value: "kept"))
        #expect(writer.receive() == .ok(id: 1, revision: 1))

        fillDisk(filler)
        let big = JSONValue.string(String(repeating: "x", count: 400_000))
        writer.send(.set(id: 2, path: "/big", value: big))
        #expect(writer.receive(timeout: 1.5) == nil, "no ok while the write is not durable, and no error either")

        other.send(.set(id: 7, path: "/later", value: 1))
        guard case .error(7, ErrorCode(.storage), let message, false)? = other.receive() else { Issue.record("a new write is refused, to its request"); return }
        #expect(message.contains("refused until the state directory can be written again"), "\(message)")
        reader.send(.ping(id: 8))
        #expect(reader.receive() == .pong(id: 8), "pings go on")
        reader.send(.get(id: 9, path: "/before"))
        #expect(reader.receive() == .value(id: 9, revision: 2, value: "kept"), "reads go on, and nobody got a stray error")
        #expect(reader.receive(timeout: 0.3) == nil)

        unlink(filler)
        #expect(writer.receive(timeout: 3) == .ok(id: 2, revision: 2), "the pending write is acknowledged once durable")
        other.send(.set(id: 10, path: "/later", value: 1))
        #expect(other.receive(timeout: 3) == .ok(id: 10, revision: 3), "writes resume")

        daemon.shutDown()
        let restored = try Store(stateDirectory: state)
        #expect(restored.revision == 3)
        #expect(restored.value(at: JSONPointer("/big")) == big)
    }

    /// A `wait` is kept until its revision is durable, or its connection goes: 100 clients that
    /// wait on a stalled store and leave leave nothing behind.
    @Test(.enabled(if: TemporaryMount.isAvailable, TemporaryMount.unavailable))
    func theWaitsOfAConnectionThatLeavesAreReleased() throws {
        let mount = try TemporaryMount(bytes: 2 << 20)
        let state = mount.path + "/state"
        let daemon = DaemonThread(adjusting: { $0.stateDirectory = state })
        defer { daemon.shutDown() }
        let writer = Client.hello(daemon.socket), observer = Client.hello(daemon.socket)
        fillDisk(mount.path + "/filler")
        writer.send(.set(id: 1, path: "/big", value: .string(String(repeating: "x", count: 400_000))))
        #expect(writer.receive(timeout: 1) == nil, "the write is pending")
        for _ in 0..<100 {
            let leaver = Client.hello(daemon.socket)
            leaver.send(.wait(id: 2, revision: 1))
        }
        var waiting: JSONValue?
        for _ in 0..<100 {
            observer.send(.stats(id: 3))
            guard case .statsReport(3, let stats)? = observer.receive() else { break }
            waiting = stats["waiting_acknowledgements"]
            if waiting == 1 { break }
            usleep(20_000)
        }
        #expect(waiting == 1, "only the writer's acknowledgement waits")
        unlink(mount.path + "/filler")
        #expect(writer.receive(timeout: 3) == .ok(id: 1, revision: 1))
    }

    /// Writes a file until the filesystem is full.
    private func fillDisk(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x55, count: 4_096)
        while write(descriptor, chunk, chunk.count) == chunk.count {}
    }
}
