import Foundation
import Glibc
import LoomWire
import Testing

/// The `loomd` program, run as systemd and an operator would run it.
@Suite("loomd, the program", .serialized)
struct LoomdProcessTests {
    private let loomd = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loomd")

    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "loomd-\(UUID().uuidString.prefix(8))-\(name)"
    }

    /// A datagram socket standing in for systemd's notification socket.
    private func notifySocket(at path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        _ = UnixSocketAddress(path)?.withSocketAddress { bind(descriptor, $0, $1) }
        return descriptor
    }

    private func receiveDatagram(_ descriptor: Int32, timeout: Double) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1_000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    @Test func underSocketActivationItServesThePassedSocketAndTalksToSystemd() throws {
        let activate = "/usr/bin/systemd-socket-activate"
        try #require(FileManager.default.isExecutableFile(atPath: activate), "systemd-socket-activate is needed (Debian's systemd package; make test installs it)")
        let socketPath = temporaryPath("activated.sock"), notifyPath = temporaryPath("notify.sock")
        defer { unlink(socketPath); unlink(notifyPath) }
        let notifications = notifySocket(at: notifyPath)
        defer { close(notifications) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: activate)
        process.arguments = ["--listen=\(socketPath)", "--fdname=loomd", "-E", "NOTIFY_SOCKET=\(notifyPath)", "-E", "WATCHDOG_USEC=200000",
                             loomd.path, "--ephemeral", "--log-level", "error"]
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Listening (the probe is the first connection: it starts the daemon, which accepts it
        // with the socket it was passed, and sees it close).
        for _ in 0..<3_000 where !socketAccepts(socketPath) { usleep(10_000) }

        // The daemon serves the socket it was passed.
        let client = Client.hello(socketPath)
        client.send(#"{"type":"ping","id":2}"#)
        #expect(client.receive() == .pong(id: 2))

        let ready = receiveDatagram(notifications, timeout: 5)
        #expect(ready?.hasPrefix("READY=1") == true, "got \(ready ?? "nothing")")
        #expect(ready?.contains("STATUS=") == true)
        var pings = 0
        let start = Date()
        while Date().timeIntervalSince(start) < 0.55, let message = receiveDatagram(notifications, timeout: 0.3) {
            if message == "WATCHDOG=1" { pings += 1 }
        }
        #expect(pings >= 4, "WATCHDOG=1 every 100 ms (half of WATCHDOG_USEC): \(pings) in 0.55 s")

        kill(process.processIdentifier, SIGTERM)
        #expect(client.receive() == .bye(reason: "the daemon is shutting down"))
        var stopping = false
        while let message = receiveDatagram(notifications, timeout: 2) {
            if message == "STOPPING=1" { stopping = true; break }
        }
        #expect(stopping)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aStaleSocketIsReplacedAndALiveDaemonsIsNot() throws {
        let socketPath = temporaryPath("daemon.sock")
        defer { unlink(socketPath) }
        // A socket file nobody listens on: what a killed daemon leaves behind.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = UnixSocketAddress(socketPath)?.withSocketAddress { bind(stale, $0, $1) }
        close(stale)

        let first = Process()
        first.executableURL = loomd
        first.arguments = ["--socket", socketPath, "--ephemeral", "--log-level", "error"]
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        var waited = 0
        var connected = false
        while !connected && waited < 300 {
            usleep(10_000)
            waited += 1
            connected = (try? probe(socketPath)) == true
        }
        #expect(connected, "the stale socket was replaced")

        let second = Process()
        second.executableURL = loomd
        second.arguments = ["--socket", socketPath, "--ephemeral"]
        let errors = Pipe()
        second.standardError = errors
        try second.run()
        second.waitUntilExit()
        #expect(second.terminationStatus == 1)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("another daemon is listening"))
    }

    @Test func aWrongCommandLineExitsWithTwoAndSaysWhy() throws {
        let process = Process()
        process.executableURL = loomd
        process.arguments = ["--ephemeral", "--state-dir", "/tmp/x"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("exclude each other"))
    }

    private func probe(_ path: String) throws -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        return UnixSocketAddress(path)?.connect(descriptor) == 0
    }
}
