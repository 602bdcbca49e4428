import Foundation
import Glibc
import LoomClient
import LoomWire

/// Viewers inside the benchmark process: real protocol clients (binary encoding), attached to
/// a scene, acknowledging every frame as `loom attach` does, timing the flushes they receive.
final class BenchViewers {
    private(set) var connections: [DaemonConnection] = []
    /// Flushes received per viewer.
    private(set) var flushes: [Int]
    private(set) var bytes = 0

    /// The mixed sizes viewers attach with, in turn.
    static let sizes = [(80, 24), (100, 30), (120, 40), (200, 50)]

    /// How long the daemon is given, once the viewers closed, to let them go and to draw what
    /// their going changed (a scene left with no viewport builds none of its lazy rows).
    static let settling = 0.2

    /// Closes every viewer and waits `settling`, so that what closing them costs the daemon is
    /// done before anything else happens to it: a run's end is then the same whatever its
    /// length, and `instructions`' difference of two runs counts their mutations alone (the
    /// daemon let viewers go during its shutdown or before it, as it happened, and counted a
    /// row's nodes destroyed in one run and not in the other).
    func closeAndLetTheDaemonSettle() {
        connections = []
        Thread.sleep(forTimeInterval: Self.settling)
    }

    init(count: Int, socket: String, scene: String) throws {
        flushes = Array(repeating: 0, count: count)
        for index in 0..<count {
            let connection = try DaemonConnection(socketPath: socket)
            try connection.handshake(role: .viewer)
            let (width, height) = Self.sizes[index % Self.sizes.count]
            connection.send(.attach(id: connection.takeID(), scene: scene, width: width, height: height))
            connections.append(connection)
        }
        // Each has its first frame before anything is measured.
        _ = waitForFlushes(after: flushes.map { $0 + 1 }, timeoutMilliseconds: 30_000)
    }

    /// Reads whatever has arrived (waiting at most `timeoutMilliseconds` for something),
    /// acknowledging each flush; calls `flushed(viewer)` at each, right after the read that
    /// completed it.
    ///
    /// Acknowledgements are sent after every ready viewer is read, or, with
    /// `deferringAcknowledgements`, only at `acknowledge()`: each viewer is its own process in
    /// life, so one viewer's receipt must not wait for the writes of the others'
    /// acknowledgements (frames arrive in waves, one per geometry, while the others are drawn).
    func pump(timeoutMilliseconds: Int32, extra: Int32? = nil, deferringAcknowledgements: Bool = false, flushed: (Int) -> Void = { _ in }) -> Bool {
        var pollers = connections.map { pollfd(fd: $0.input, events: Int16(POLLIN), revents: 0) }
        if let extra { pollers.append(pollfd(fd: extra, events: Int16(POLLIN), revents: 0)) }
        guard poll(&pollers, nfds_t(pollers.count), timeoutMilliseconds) > 0 else { return false }
        for (index, connection) in connections.enumerated() where pollers[index].revents != 0 {
            guard let messages = try? connection.receive() else { continue }
            for message in messages {
                if case .flush(let sequence) = message {
                    flushes[index] += 1
                    flushed(index)
                    acknowledgements.append((connection, sequence))
                }
            }
        }
        if !deferringAcknowledgements { acknowledge() }
        return extra.map { _ in pollers[pollers.count - 1].revents != 0 } ?? false
    }

    /// Flushes received and not acknowledged yet.
    private var acknowledgements: [(DaemonConnection, Int64)] = []

    /// Acknowledges every flush received so far.
    func acknowledge() {
        for (connection, sequence) in acknowledgements { connection.send(.ack(sequence: sequence)) }
        acknowledgements.removeAll(keepingCapacity: true)
    }

    /// Each viewer presses `keys`, one by one, each key's frame awaited (every key must draw something).
    func press(_ keys: [InputKey]) {
        for key in keys {
            let targets = flushes.map { $0 + 1 }
            for connection in connections { connection.send(.input(InputEvent(key: key))) }
            _ = waitForFlushes(after: targets, timeoutMilliseconds: 30_000)
        }
    }

    /// Waits until each viewer has at least `targets[i]` flushes; false after the timeout.
    func waitForFlushes(after targets: [Int], timeoutMilliseconds: Int32 = 10_000) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeoutMilliseconds))
        while zip(flushes, targets).contains(where: { $0 < $1 }) {
            guard ContinuousClock.now < deadline else { return false }
            _ = pump(timeoutMilliseconds: 100)
        }
        return true
    }
}
