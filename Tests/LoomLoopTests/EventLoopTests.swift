import Foundation
import Glibc
import LoomLoop
import Testing

private func socketPath() -> String {
    NSTemporaryDirectory() + "loom-loop-\(UUID().uuidString.prefix(8)).sock"
}

/// A server bound to a fresh socket path, which the caller unlinks.
private func boundServer(on loop: EventLoop) throws -> (server: PipeServer, path: String) {
    let path = socketPath()
    let server = try PipeServer(loop: loop)
    try server.bind(path)
    return (server, path)
}

@Suite("The event loop")
struct EventLoopTests {
    @Test func timersFireOnceAndRepeatedlyAndTheLoopClosesCleanly() throws {
        let loop = try EventLoop()
        let once = try LoopTimer(loop: loop)
        let repeated = try LoopTimer(loop: loop)
        var fired: [String] = []
        once.start(after: 1) { fired.append("once") }
        repeated.start(after: 1, every: 1) {
            fired.append("tick")
            if fired.filter({ $0 == "tick" }).count == 3 {
                repeated.close()
                once.close()
            }
        }
        loop.run()
        #expect(fired.filter { $0 == "tick" }.count == 3)
        #expect(fired.contains("once"))
        #expect(loop.close() == 0, "uv_loop_close returns 0: every handle was freed")
    }

    /// A timer given its action once is started again and again with it (the daemon's end of
    /// turn, every turn), each start firing it once.
    @Test func aTimerStartedAgainRunsTheActionItWasGiven() throws {
        let loop = try EventLoop()
        let timer = try LoopTimer(loop: loop)
        var fired = 0
        timer.action = {
            fired += 1
            if fired < 3 { timer.start(after: 1) } else { timer.close() }
        }
        timer.start(after: 1)
        loop.run()
        #expect(fired == 3)
        #expect(loop.close() == 0)
    }

    /// Turns are measured from the wait's return to the next wait, and the watcher neither wakes
    /// the loop nor keeps it running: the loop ends when its one timer is done.
    @Test func aTurnWatcherMeasuresBusyTurnsAndKeepsNoLoopAwake() throws {
        let loop = try EventLoop()
        let watcher = try TurnWatcher(loop: loop)
        let timer = try LoopTimer(loop: loop)
        timer.start(after: 1) {
            usleep(30_000)
            timer.close()
        }
        loop.run()
        #expect(watcher.longestBusyMilliseconds >= 30, "the timer's turn held the loop 30 ms")
        #expect(watcher.turns >= 1 && watcher.turns <= 3, "\(watcher.turns) turns")
        watcher.close()
        #expect(loop.close() == 0)
    }

    @Test func aServerAndAClientExchangeBytesAndTheServerSeesTheClientsCredentials() throws {
        let loop = try EventLoop()
        let (server, path) = try boundServer(on: loop)
        defer { unlink(path) }
        var permissions = stat()
        stat(path, &permissions)
        #expect(permissions.st_mode & 0o777 == 0o600, "the socket file is not open to others")

        var received: [UInt8] = []
        var credentials: PeerCredentials?
        var accepted: [SocketStream] = []
        try server.listen { connection in
            accepted.append(connection)
            credentials = connection.peerCredentials
            try? connection.startReading(onData: { bytes in
                received += bytes
                connection.write(Array("echo:".utf8) + bytes)
            }, onEnd: { _ in connection.close() })
        }
        var reply: [UInt8] = []
        var client: SocketStream!
        client = try SocketStream.connect(loop: loop, path: path) { error in
            #expect(error == nil)
            try? client.startReading(onData: { bytes in
                reply += bytes
                client.close()
                server.close()
            }, onEnd: { _ in })
            client.write(Array("hello".utf8))
        }
        loop.run()
        #expect(received == Array("hello".utf8))
        #expect(reply == Array("echo:hello".utf8))
        #expect(credentials?.uid == getuid())
        #expect(credentials?.pid == getpid())
        #expect(loop.close() == 0)
    }

    /// A write is tried at once; what the socket's buffer cannot take is queued, and writes
    /// after it wait behind it: everything arrives, in order.
    @Test func writesLargerThanTheSocketBufferArriveWholeAndInOrder() throws {
        let loop = try EventLoop()
        let (server, path) = try boundServer(on: loop)
        defer { unlink(path) }
        let chunks: [[UInt8]] = [Array(repeating: 0x61, count: 3_000_000), Array("between".utf8), Array(repeating: 0x63, count: 1_000_000), Array("end".utf8)]
        let expected = chunks.flatMap { $0 }
        var accepted: [SocketStream] = []
        try server.listen { connection in
            accepted.append(connection)
            for chunk in chunks { connection.write(chunk) }
            #expect(connection.writeQueueSize > 0, "the first chunk did not fit: the rest waits behind it")
        }
        var received: [UInt8] = []
        var client: SocketStream!
        // Bytes lost would leave the client waiting: it gives up after 10 s.
        let deadline = try LoopTimer(loop: loop)
        let finish = {
            client.close()
            server.close()
            deadline.close()
            for connection in accepted { connection.close() }
        }
        deadline.start(after: 10_000) { finish() }
        client = try SocketStream.connect(loop: loop, path: path) { error in
            #expect(error == nil)
            try? client.startReading(onData: { bytes in
                received += bytes
                if received.count >= expected.count { finish() }
            }, onEnd: { _ in })
        }
        loop.run()
        // Compared outside the expectation, which would describe four million bytes on failure.
        let same = received == expected
        #expect(same, "received \(received.count) of \(expected.count) bytes")
        #expect(loop.close() == 0)
    }

    @Test func aSignalIsDeliveredOnTheLoop() throws {
        let loop = try EventLoop()
        let signal = try SignalWatcher(loop: loop)
        var caught: Int32?
        try signal.start(SIGUSR2) { number in
            caught = number
            signal.close()
        }
        let timer = try LoopTimer(loop: loop)
        timer.start(after: 1) {
            kill(getpid(), SIGUSR2)   // to the process, like a real signal (worker threads block signals)
            timer.close()
        }
        loop.run()
        #expect(caught == SIGUSR2)
        #expect(loop.close() == 0)
    }

    @Test func aWakeUpFromAnotherThreadRunsOnTheLoop() throws {
        let loop = try EventLoop()
        let thread = pthread_self()
        var ranOnLoopThread = false
        var wakeUp: WakeUp!
        wakeUp = try WakeUp(loop: loop) {
            ranOnLoopThread = pthread_equal(pthread_self(), thread) != 0
            wakeUp.close()
        }
        let shared: WakeUp = wakeUp
        Thread { shared.send() }.start()
        loop.run()
        #expect(ranOnLoopThread)
        #expect(loop.close() == 0)
    }

    @Test func closingTheLoopClosesHandlesLeftOpen() throws {
        let loop = try EventLoop()
        let timer = try LoopTimer(loop: loop)
        timer.start(after: 10_000) {}
        _ = try PipeServer(loop: loop)
        #expect(loop.close() == 0)
    }

    @Test func connectingToNothingIsAClearError() throws {
        let loop = try EventLoop()
        var failure: LoopError?
        let stream = try SocketStream.connect(loop: loop, path: socketPath()) { failure = $0 }
        loop.run()
        stream.close()
        #expect(failure?.name == "ENOENT")
        #expect(loop.close() == 0)
    }
}
