import Foundation
import Glibc
import LoomJSON
import LoomTestSupport
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
        let descriptor = UnixSocketAddress.socket(SOCK_DGRAM)
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

    /// `loomd`, and developers' `LoomApp`s (the README's counter, the incident tracker), run as the shipped unit runs
    /// them: the socket passed, READY=1, WATCHDOG=1, STOPPING=1, its own scenes served.
    @Test(arguments: [("loomd", "dashboard"), ("loom-example-counter", "counter"), ("loom-example-incidents", "incidents")])
    func underSocketActivationItServesThePassedSocketAndTalksToSystemd(program: String, scene: String) throws {
        let daemon = loomd.deletingLastPathComponent().appendingPathComponent(program)
        let activate = "/usr/bin/systemd-socket-activate"
        try #require(FileManager.default.isExecutableFile(atPath: activate), "systemd-socket-activate is needed (Debian's systemd package; make test installs it)")
        let socketPath = temporaryPath("activated.sock"), notifyPath = temporaryPath("notify.sock")
        defer { unlink(socketPath); unlink(notifyPath) }
        let notifications = notifySocket(at: notifyPath)
        defer { close(notifications) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: activate)
        process.arguments = ["--listen=\(socketPath)", "--fdname=loomd", "-E", "NOTIFY_SOCKET=\(notifyPath)", "-E", "WATCHDOG_USEC=200000",
                             daemon.path, "--ephemeral", "--log-level", "error"]
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Listening (the probe is the first connection: it starts the daemon, which accepts it
        // with the socket it was passed, and sees it close).
        for _ in 0..<3_000 where !UnixSocketAddress.isListening(socketPath) { usleep(10_000) }

        // The daemon serves the socket it was passed.
        let client = Client.hello(socketPath)
        client.send(#"{"type":"ping","id":2}"#)
        #expect(client.receive() == .pong(id: 2))
        client.send(#"{"type":"scenes","id":3}"#)
        guard case .sceneList(_, let scenes, _)? = client.receive() else { Issue.record("no scene list"); return }
        #expect(scenes.contains(scene), "\(scenes)")

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
        let stale = UnixSocketAddress.socket()
        _ = UnixSocketAddress(socketPath)?.withSocketAddress { bind(stale, $0, $1) }
        close(stale)

        let first = try start(["--socket", socketPath, "--ephemeral"], socket: socketPath)
        defer { first.terminate(); first.waitUntilExit() }
        #expect(UnixSocketAddress.isListening(socketPath), "the stale socket was replaced")

        let (status, message) = try runToExit(["--socket", socketPath, "--ephemeral"])
        #expect(status == 1)
        #expect(message.contains("another daemon is listening"))
    }

    @Test func aWrongCommandLineExitsWithTwoAndSaysWhy() throws {
        let (status, errors) = try runToExit(["--ephemeral", "--state-dir", "/tmp/x"])
        #expect(status == 2)
        #expect(errors.contains("exclude each other"))
    }

    /// loomd with `arguments` (and `--log-level error`), run by `wrapper` when one is given
    /// (`prlimit`, `setpriv`: the wrapper's path and arguments, loomd's path follows them).
    private func loomdProcess(_ arguments: [String], under wrapper: [String], directory: String?) -> Process {
        let process = Process()
        process.executableURL = wrapper.first.map { URL(fileURLWithPath: $0) } ?? loomd
        process.arguments = (wrapper.isEmpty ? [] : Array(wrapper.dropFirst()) + [loomd.path]) + arguments + ["--log-level", "error"]
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        return process
    }

    /// Runs loomd to its exit: its status and what it wrote to stderr. A loomd that is still
    /// running after `timeout` seconds is stopped and reported as status -1.
    private func runToExit(_ arguments: [String], under wrapper: [String] = [], directory: String? = nil, timeout: Double = 20) throws -> (status: Int32, errors: String) {
        let process = loomdProcess(arguments, under: wrapper, directory: directory)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let ranOn = process.isRunning
        if ranOn { process.terminate() }
        process.waitUntilExit()
        return (ranOn ? -1 : process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// loomd started in the background, serving once `socket` answers.
    private func start(_ arguments: [String], under wrapper: [String] = [], socket: String, directory: String? = nil) throws -> Process {
        let process = loomdProcess(arguments, under: wrapper, directory: directory)
        try process.run()
        for _ in 0..<1_000 where process.isRunning && !UnixSocketAddress.isListening(socket) { usleep(10_000) }
        return process
    }

    @Test func aSecondDaemonOnTheSameStateDirectoryExitsOneNamingTheHolder() throws {
        let state = temporaryPath("state"), first = temporaryPath("a.sock"), second = temporaryPath("b.sock")
        defer { try? FileManager.default.removeItem(atPath: state); unlink(first); unlink(second) }
        let holder = try start(["--state-dir", state, "--socket", first], socket: first)
        defer { holder.terminate(); holder.waitUntilExit() }
        let client = Client.hello(first)
        client.send(#"{"type":"set","id":1,"path":"/from_a","value":"x"}"#)
        #expect(client.receive() == .ok(id: 1, revision: 1))

        let (status, errors) = try runToExit(["--state-dir", state, "--socket", second])
        #expect(status == 1)
        #expect(errors.contains("in use") && errors.contains("pid \(holder.processIdentifier)"), "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: second), "the second daemon never listened")
    }

    /// The inherited soft limit (often 1,024) is what a thousand idle clients reach: loomd
    /// raises it to the hard limit at start.
    @Test func itRaisesItsDescriptorLimitToTheHardLimit() throws {
        let socket = temporaryPath("limits.sock")
        defer { unlink(socket) }
        // Started with a soft limit of 1,024 under a hard one of 4,096 (util-linux's prlimit).
        let daemon = try start(["--ephemeral", "--socket", socket], under: ["/usr/bin/prlimit", "--nofile=1024:4096", "--"], socket: socket)
        defer { daemon.terminate(); daemon.waitUntilExit() }
        let limits = try String(contentsOfFile: "/proc/\(daemon.processIdentifier)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        #expect(line.split(separator: " ").compactMap { Int($0) } == [4_096, 4_096], "\(line)")
    }

    /// What a large value or collection frees goes back to the system (`AllocatorPolicy`): a
    /// block of a MiB or more is mapped on its own, even after larger ones were freed — which,
    /// left to itself, glibc answers by carving the next ones out of the heap. And a connection
    /// that sent a large message does not keep the room it took (`MessageDecoder.keptBufferCapacity`).
    @Test func whatALargeValueAndItsMessageTookGoesBackToTheSystem() throws {
        let socket = temporaryPath("memory.sock")
        defer { unlink(socket) }
        let daemon = try start(["--ephemeral", "--socket", socket], socket: socket)
        defer { daemon.terminate(); daemon.waitUntilExit() }
        let client = Client.hello(socket)
        func set(_ id: Int, _ path: String, bytes: Int) {
            client.send(#"{"type":"set","id":\#(id),"path":"\#(path)","value":"\#(String(repeating: "x", count: bytes))"}"#)
            guard case .ok? = client.receive(timeout: 30) else { Issue.record("the set of \(path) was refused"); return }
        }
        func memory(_ id: Int) -> (inUse: Int64, mapped: Int64)? {
            client.send(.stats(id: RequestID(Int64(id))))
            guard case .statsReport(_, .object(let stats))? = client.receive(), case .int(let inUse)? = stats["memory"]?["in_use_kb"],
                  case .int(let mapped)? = stats["memory"]?["mapped_kb"] else { return nil }
            return (inUse, mapped)
        }
        set(1, "/big", bytes: 8 << 20)
        set(2, "/big", bytes: 1)
        let before = try #require(memory(3))
        #expect(before.inUse < 8 << 10, "the 8 MiB value or the message that brought it is still held: \(before.inUse) KiB in use")
        set(4, "/kept", bytes: 2 << 20)
        let after = try #require(memory(5))
        #expect(after.mapped - before.mapped >= 2 << 10, "the 2 MiB value went into the heap: mapped \(before.mapped) KiB, then \(after.mapped) KiB")
    }

    @Test func aSocketPathOnlyEverReplacesAStaleSocket() throws {
        let root = temporaryPath("paths")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/state.db", directory = root + "/dir", dangling = root + "/dangling"
        _ = FileManager.default.createFile(atPath: file, contents: Data("precious".utf8))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        symlink(root + "/nowhere", dangling)
        let cases: [(socket: String, says: String)] = [
            (file, "exists and is not a socket (a file of 8 bytes)"),
            (directory, "is a directory"),
            (dangling, "is a symbolic link (to \(root)/nowhere, which does not exist)"),
            (root + "/" + String(repeating: "s", count: 120) + ".sock", "a Unix socket's path holds at most 107"),
            (root + "/missing/parent/x.sock", "its parent does not exist"),
        ]
        for (socket, says) in cases {
            let (status, errors) = try runToExit(["--ephemeral", "--socket", socket])
            #expect(status == 1, "\(socket)")
            #expect(errors.contains(says), "\(socket): \(errors)")
        }
        #expect(FileManager.default.contents(atPath: file) == Data("precious".utf8), "the file is untouched")
        #expect(!FileManager.default.fileExists(atPath: root + "/missing"), "no chain of parents was created")

        // A bare name is a socket in the working directory; a missing directory of its own is made.
        let bare = try start(["--ephemeral", "--socket", "bare.sock"], socket: root + "/bare.sock", directory: root)
        #expect(UnixSocketAddress.isListening(root + "/bare.sock"))
        bare.terminate(); bare.waitUntilExit()
        let nested = try start(["--ephemeral", "--socket", root + "/own/x.sock"], socket: root + "/own/x.sock")
        #expect(UnixSocketAddress.isListening(root + "/own/x.sock"))
        #expect(permissionBits(of: root + "/own") == 0o700)
        nested.terminate(); nested.waitUntilExit()
    }

    /// The socket's own directory is 0700 and the socket has the mode asked whatever umask
    /// loomd inherits: here one that takes the owner's write and search bits away, under which
    /// `mkdir` alone makes a directory the daemon's own user could not use.
    @Test func theSocketAndItsOwnDirectoryHaveTheirModesWhateverTheUmask() throws {
        let root = temporaryPath("umask")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let socket = root + "/own/x.sock"
        let daemon = try start(["--ephemeral", "--socket", socket, "--socket-mode", "0660"],
                               under: Self.restrictiveUmask, socket: socket)
        defer { daemon.terminate(); daemon.waitUntilExit() }
        #expect(UnixSocketAddress.isListening(socket))
        #expect(permissionBits(of: root + "/own") == 0o700, "the socket's own directory")
        #expect(permissionBits(of: socket) == 0o660, "the socket")
    }

    /// The state directory loomd makes, and the directory of the scenes it keeps there, are
    /// private (0700) whatever its umask, as the socket's own directory is.
    @Test func theStateDirectoryAndItsKeptScenesArePrivateWhateverTheUmask() throws {
        let root = temporaryPath("umask-state")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let socket = root + "/loom.sock"
        let daemon = try start(["--state-dir", root + "/state", "--socket", socket], under: Self.restrictiveUmask, socket: socket)
        defer { daemon.terminate(); daemon.waitUntilExit() }
        let applied = try LoomProgram.run(["scene", "apply", "jobs", "-"], socket: socket, input: SceneDocumentDaemonTests.board)
        #expect(applied.status == 0, "\(applied.errors)")
        for directory in [root + "/state", root + "/state/scenes"] {
            #expect(permissionBits(of: directory) == 0o700, "\(directory)")
        }
    }

    /// loomd started under a umask that takes the owner's write and search bits away.
    static let restrictiveUmask = ["/bin/sh", "-c", "umask 0277 && exec \"$0\" \"$@\""]

    /// A store that could be read but not written would serve, then fail every write: it is
    /// refused at start instead, on a read-only filesystem and for a database the daemon's user
    /// may not write.
    @Test(.enabled(if: TemporaryMount.isAvailable, TemporaryMount.unavailable))
    func storageThatCannotBeWrittenIsRefusedAtStart() throws {
        let mount = try TemporaryMount(bytes: 8 << 20)
        let state = mount.path + "/state", socket = temporaryPath("ro.sock")
        defer { unlink(socket) }
        let daemon = try start(["--state-dir", state, "--socket", socket], socket: socket)
        let client = Client.hello(socket)
        client.send(#"{"type":"set","id":1,"path":"/kept","value":1}"#)
        #expect(client.receive() == .ok(id: 1, revision: 1))
        daemon.terminate(); daemon.waitUntilExit()
        #expect(mount.setReadOnly(true))
        var (status, errors) = try runToExit(["--state-dir", state, "--socket", socket])
        #expect(status == 1)
        #expect(errors.contains("Read-only file system"), "\(errors)")
        mount.setReadOnly(false)

        // A database owned by root, in a directory the daemon's user (nobody) owns.
        let setpriv = "/usr/bin/setpriv"
        try #require(FileManager.default.isExecutableFile(atPath: setpriv), "setpriv (util-linux) runs loomd as another user")
        #expect(chown(state, 65_534, 65_534) == 0 && chmod(state, 0o755) == 0 && chmod(state + "/state.sqlite", 0o644) == 0)
        unlink(state + "/lock")
        (status, errors) = try runToExit(["--state-dir", state, "--socket", mount.path + "/n.sock"],
                                         under: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(status == 1)
        #expect(errors.contains("cannot write \(state)/state.sqlite"), "\(errors)")

        // Refused twice, the store is as it was: its owner's daemon finds the acknowledged write.
        let again = try start(["--state-dir", state, "--socket", socket], socket: socket)
        defer { again.terminate(); again.waitUntilExit() }
        let reader = Client.hello(socket)
        reader.send(#"{"type":"get","id":2,"path":"/kept"}"#)
        #expect(reader.receive() == .value(id: 2, revision: 1, value: 1))
    }
}
