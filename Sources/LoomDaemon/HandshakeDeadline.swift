import LoomLoop

/// Connections that have not said `hello` yet, and the time they have to
/// (`DaemonConfiguration.helloTimeout`): before the handshake a peer is nobody, and may not hold
/// a descriptor and a buffer for as long as it likes. Past the deadline, a fatal
/// `hello_expected`.
final class HandshakeDeadline {
    /// How often the waiting connections are looked at: one timer for all of them, so a silent
    /// connection lives up to this much past the timeout.
    static let checkMilliseconds: UInt64 = 1_000

    private let loop: EventLoop
    private let timeout: UInt64
    private let timer: LoopTimer
    /// Connections that had not said hello when last looked at, oldest first, with when they connected.
    private var waiting: [(connection: Connection, since: UInt64)] = []

    init(loop: EventLoop, timeout: UInt64) throws {
        self.loop = loop
        self.timeout = timeout
        self.timer = try LoopTimer(loop: loop)
    }

    /// Starts the clock for a connection that was just accepted.
    func start(_ connection: Connection) {
        waiting.append((connection, loop.now))
        guard waiting.count == 1 else { return }
        timer.start(after: Self.checkMilliseconds, every: Self.checkMilliseconds) { [unowned self] in check() }
    }

    private func check() {
        let now = loop.now
        waiting.removeAll { $0.connection.role != nil || $0.connection.isClosed }
        let expired = waiting.prefix { now - $0.since >= timeout }
        waiting.removeFirst(expired.count)
        for (connection, _) in expired {
            connection.fail(code: .helloExpected, "no hello within \(timeout) ms of connecting")
        }
        if waiting.isEmpty { timer.stop() }
    }

    func close() {
        timer.close()
    }
}
