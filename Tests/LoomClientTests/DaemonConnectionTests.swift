import Foundation
@testable import LoomClient
import LoomJSON
import LoomWire
import Testing

/// A client's connection keeps the room it writes and reads with, within bounds.
struct DaemonConnectionTests {
    /// A connection to a socket this test listens on at a fresh path, and the test's end of it
    /// (the daemon's), for `body`.
    private func connected(_ body: (DaemonConnection, _ peer: Int32) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "loom-client-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        let server = UnixSocketAddress.socket()
        let address = try #require(UnixSocketAddress(path))
        #expect(address.bind(server) == 0 && listen(server, 1) == 0)
        defer {
            close(server)
            unlink(path)
        }
        let connection = try DaemonConnection(socketPath: path)
        let peer = accept(server, nil, nil)
        defer { close(peer) }
        try body(connection, peer)
    }

    @Test func aConnectionKeepsItsWriteBufferForSmallWritesAndLetsALargeOneGo() throws {
        try connected { connection, peer in
            #expect(connection.send(.ping(id: 1)))
            let kept = connection.outgoingCapacity
            #expect(kept > 0 && kept <= DaemonConnection.keptOutgoingCapacity, "a small write's room kept for the next: \(kept)")
            #expect(connection.send([.ping(id: 2), .ping(id: 3)]))
            let grown = connection.outgoingCapacity
            #expect(grown >= kept && grown <= DaemonConnection.keptOutgoingCapacity, "reused, grown within the bound: \(grown)")
            #expect(connection.send(.ping(id: 1)))
            #expect(connection.outgoingCapacity == grown, "and kept")

            let large = String(repeating: "x", count: 4 * DaemonConnection.keptOutgoingCapacity)
            #expect(connection.send(.set(id: 4, path: "/large", value: .string(large))))
            #expect(connection.outgoingCapacity == 0, "past the bound: let go once written")

            // Everything written arrived, in order, each write whole.
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while received.filter({ $0 == UInt8(ascii: "\n") }).count < 5 {
                let count = read(peer, &buffer, buffer.count)
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
            let lines = try received.split(separator: UInt8(ascii: "\n")).map { try JSONParser.parse(Array($0)) }
            #expect(lines.map { $0["id"]?.doubleValue } == [1, 2, 3, 1, 4])
            #expect(lines.last?["value"] == .string(large))
        }
    }

    @Test func aConnectionKeepsItsReadListForAFrameOrTwoAndLetsABurstGo() throws {
        try connected { connection, peer in
            func write(_ lines: [String]) {
                let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
                #expect(Glibc.write(peer, bytes, bytes.count) == bytes.count)
            }

            write([#"{"type":"pong","id":1}"#, #"{"type":"pong","id":2}"#])
            #expect(try connection.receive(blocking: true) == [.pong(id: 1), .pong(id: 2)])
            let kept = connection.decodedCapacity
            #expect(kept > 0 && kept <= MessageDecoder.messagesPerFeed, "a frame's room kept for the next read: \(kept)")

            write((3..<103).map { #"{"type":"pong","id":\#($0)}"# })
            var received: [Message] = []
            while received.count < 100 { received += try connection.receive(blocking: true) }
            #expect(received == (3..<103).map { .pong(id: RequestID(Int64($0))) }, "every message of the burst, in order")
            #expect(connection.decodedCapacity == 0, "past the bound: let go once read")
        }
    }
}
