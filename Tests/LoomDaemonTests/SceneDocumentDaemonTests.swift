import Foundation
import Glibc
import LoomJSON
import LoomTestSupport
import LoomWire
import Testing

/// Scene documents through the real daemon and the real `loom`, as an operator uses them:
/// validated without a daemon, applied live under attached viewers, refused whole, kept across
/// restarts, read from a directory and reloaded on SIGHUP.
@Suite("Scene documents in the daemon", .serialized)
struct SceneDocumentDaemonTests {
    static let board = """
    {
      // The jobs board of the README.
      "loom": 1, "title": "Jobs",
      "body": {"VStack": {"alignment": "leading", "content": [
        {"Text": "Jobs", "modifiers": [{"bold": true}]},
        {"ForEach": {"data": "/jobs", "content": [
          {"HStack": {"spacing": 1, "content": [{"Text": "{$key}"}, {"Text": "{status ?? queued}"}]}}
        ]}}
      ]}}
    }
    """

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "loom-scenes-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func snapshot(_ scene: String, _ socket: String) throws -> String {
        // Rows past the content are empty lines: what is shown is what matters here.
        String(try LoomProgram.run(["snapshot", scene, "--size", "30x4"], socket: socket).output.reversed().drop { $0 == "\n" }.reversed())
    }

    @Test func validateChecksADocumentWithoutADaemonAndNamesEachPlace() throws {
        let directory = try temporaryDirectory()
        let good = directory + "/board.json", bad = directory + "/bad.json"
        try write(Self.board, to: good)
        try write("""
        {"loom": 1,
         "body": {"VStak": {"content": []}, "modifiers": [{"frame": {"widht": 3}}]}}
        """, to: bad)
        let valid = try LoomProgram.run(["scene", "validate", good], socket: "/nonexistent/loom.sock")
        #expect(valid.status == 0 && valid.output == "\(good): valid (6 views)\n")
        let invalid = try LoomProgram.run(["scene", "validate", bad], socket: "/nonexistent/loom.sock")
        #expect(invalid.status == 1)
        let lines = invalid.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"\#(bad):2:11 /body/VStak: unknown view "VStak"; views: VStack, HStack, "#) == true)
        #expect(lines.first?.hasSuffix(#"(did you mean "VStack"?)"#) == true)
        #expect(lines.last == #"\#(bad):2:62 /body/modifiers/0/frame/widht: unknown parameter "widht" of frame; parameters: width, height, minWidth, maxWidth, minHeight, maxHeight, alignment (did you mean "width"?)"#)
        let piped = try LoomProgram.run(["scene", "validate", "-"], socket: nil, input: Self.board)
        #expect(piped.output == "standard input: valid (6 views)\n")
    }

    @Test func anAppliedSceneIsServedReplacedLiveUnderItsViewersAndKeptAcrossARestart() throws {
        let state = try temporaryDirectory()
        var daemon = DaemonProcess(stateDirectory: state)
        defer { daemon.kill() }
        let file = state + "-board.json"
        try write(Self.board, to: file)
        _ = try LoomProgram.run(["set", "/jobs", #"{"build": {"status": "running"}, "test": {}}"#], socket: daemon.socket)
        let applied = try LoomProgram.run(["scene", "apply", "jobs", file], socket: daemon.socket)
        #expect(applied.status == 0, "\(applied.errors)")
        #expect(try snapshot("jobs", daemon.socket) == "Jobs\nbuild running\ntest queued")
        #expect(try LoomProgram.run(["scenes"], socket: daemon.socket).lines.contains("jobs                  declared"))
        #expect(try LoomProgram.run(["scene", "get", "jobs"], socket: daemon.socket).output == Self.board + "\n")

        // A viewer stays attached while the document is replaced, and is drawn the new one.
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: "jobs", width: 30, height: 4))
        let screen = ScreenModel()
        screen.applyNextFrame(from: viewer)
        #expect(screen.text.hasPrefix("Jobs\nbuild running"))
        try write(Self.board.replacingOccurrences(of: #"{"Text": "Jobs""#, with: #"{"Text": "CI jobs""#), to: file)
        #expect(try LoomProgram.run(["scene", "apply", "jobs", file], socket: daemon.socket).status == 0)
        screen.applyNextFrame(from: viewer)
        #expect(screen.text.hasPrefix("CI jobs\nbuild running"))

        // A document that does not validate changes nothing, and says where.
        try write(#"{"loom": 1, "body": {"Text": "{status}"}}"#, to: file)
        let refused = try LoomProgram.run(["scene", "apply", "jobs", file], socket: daemon.socket)
        #expect(refused.status == 1)
        #expect(refused.errors == #"\#(file):1:30 /body/Text: "{status}": "status" is relative, and this is not inside a ForEach: write an absolute path ("/status")"# + "\n")
        #expect(try snapshot("jobs", daemon.socket).hasPrefix("CI jobs\n"))
        viewer.send(.ping(id: 2))
        #expect(viewer.receive(until: { if case .pong = $0 { true } else { false } }) != nil, "the viewer is still attached")

        // Built-in scenes are not the socket's to replace.
        let builtIn = try LoomProgram.run(["scene", "apply", "dashboard", "-"], socket: daemon.socket, input: Self.board)
        #expect(builtIn.status == 1 && builtIn.errors.contains("'dashboard' is a built-in scene"))

        daemon.kill()
        daemon = DaemonProcess(stateDirectory: state)
        #expect(try snapshot("jobs", daemon.socket).hasPrefix("CI jobs\nbuild running"), "the scene survived the restart")
        #expect(try LoomProgram.run(["scene", "rm", "jobs"], socket: daemon.socket).status == 0)
        let gone = try LoomProgram.run(["snapshot", "jobs", "--size", "30x4"], socket: daemon.socket)
        #expect(gone.status == 1 && gone.errors.contains("no_such_scene"))
        daemon.kill()
        daemon = DaemonProcess(stateDirectory: state)
        #expect(try LoomProgram.run(["snapshot", "jobs", "--size", "30x4"], socket: daemon.socket).status == 1, "removed for good")
    }

    @Test func aScenesDirectoryIsReadAtStartReloadedOnSIGHUPAndOwnsItsNames() throws {
        let scenes = try temporaryDirectory()
        try write(Self.board, to: scenes + "/ops.json")
        try write(#"{"loom": 1, "body": {"Text": "one"}}"#, to: scenes + "/other.json")
        let daemon = DaemonProcess(arguments: ["--scenes", scenes])
        defer { daemon.kill() }
        #expect(try snapshot("ops", daemon.socket) == "Jobs")
        #expect(try LoomProgram.run(["scenes"], socket: daemon.socket).lines.contains("ops                   file \(scenes)/ops.json"))
        let refused = try LoomProgram.run(["scene", "apply", "ops", "-"], socket: daemon.socket, input: Self.board)
        #expect(refused.status == 1 && refused.errors.contains("'ops' is read from \(scenes)/ops.json: edit the file and reload the daemon"))

        try write(#"{"loom": 1, "body": {"Text": "two"}}"#, to: scenes + "/other.json")
        try write(#"{"loom": 1, "body": {"Txt": "broken"}}"#, to: scenes + "/ops.json")
        try write(#"{"loom": 1, "body": {"Text": "new"}}"#, to: scenes + "/new.json")
        kill(daemon.pid, SIGHUP)
        var reloaded = false
        for _ in 0..<500 where !reloaded {
            reloaded = (try? snapshot("other", daemon.socket)) == "two"
            usleep(10_000)
        }
        #expect(reloaded, "the changed file is served after SIGHUP")
        #expect(try snapshot("new", daemon.socket) == "new")
        #expect(try snapshot("ops", daemon.socket) == "Jobs", "a file that does not validate keeps its previous version")
        try FileManager.default.removeItem(atPath: scenes + "/new.json")
        kill(daemon.pid, SIGHUP)
        var removed = false
        for _ in 0..<500 where !removed {
            removed = (try? LoomProgram.run(["snapshot", "new", "--size", "30x4"], socket: daemon.socket).status) == 1
            usleep(10_000)
        }
        #expect(removed, "a scene whose file is gone is removed")
    }
}

extension SceneDocumentDaemonTests {
    /// The README's "Building your own board", command for command, shows what the README says.
    @Test func theREADMEsBoardShowsWhatTheREADMEShows() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- board snapshot -->\n```text\n")), end = try #require(readme.range(of: "```\n<!-- end of board snapshot -->"))
        let shown = String(readme[start.upperBound..<end.lowerBound])
        let daemon = DaemonProcess()
        defer { daemon.kill() }
        let example = repository.appendingPathComponent("docs/examples/scenes/jobs.json").path
        #expect(try LoomProgram.run(["scene", "apply", "jobs", example], socket: daemon.socket).status == 0)
        _ = try LoomProgram.run(["set", "/jobs/build", #"{"status": "running", "progress": 0.4}"#], socket: daemon.socket)
        _ = try LoomProgram.run(["set", "/jobs/lint", #"{"status": "ok"}"#], socket: daemon.socket)
        let snapshot = try LoomProgram.run(["snapshot", "jobs", "--size", "50x5"], socket: daemon.socket).output
        #expect(snapshot.split(separator: "\n").map(String.init) == shown.split(separator: "\n").map(String.init))
    }
}

extension SceneDocumentDaemonTests {
    /// A document's button writes the store for a viewer, as one transaction the log attributes
    /// to the viewer's user; for an observer it is inert.
    @Test func aDocumentsButtonWritesForAViewerWithItsUserInTheLogAndIsInertForAnObserver() throws {
        let log = NSTemporaryDirectory() + "loomd-\(UUID().uuidString.prefix(8)).log"
        let daemon = DaemonProcess(log: log)
        defer { daemon.kill() }
        let board = #"{"loom": 1, "body": {"Button": {"label": "restart", "action": {"patch": [{"op": "replace", "path": "/state", "value": "restarting"}]}}}}"#
        _ = try LoomProgram.run(["set", "/state", #""running""#], socket: daemon.socket)
        #expect(try LoomProgram.run(["scene", "apply", "ctl", "-"], socket: daemon.socket, input: board).status == 0)
        func press(as role: Role) {
            let client = Client.hello(daemon.socket, role: role)
            client.send(.attach(id: 1, scene: "ctl", width: 30, height: 3))
            ScreenModel().applyNextFrame(from: client)
            client.send(.input(InputEvent(key: .tab)))
            client.send(.input(InputEvent(key: .enter)))
            client.send(.ping(id: 2))
            _ = client.receive(until: { if case .pong = $0 { true } else { false } })
        }
        press(as: .observer)
        #expect(try LoomProgram.run(["get", "/state"], socket: daemon.socket).output == "\"running\"\n", "an observer's press is inert")
        press(as: .viewer)
        #expect(try LoomProgram.run(["get", "/state"], socket: daemon.socket).output == "\"restarting\"\n")
        let written = try String(contentsOfFile: log, encoding: .utf8)
        #expect(written.contains("root (viewer 2) changed the store from 'ctl': revision 2"), "\(written)")
    }
}

extension SceneDocumentDaemonTests {
    /// Each example board of the README, fed by its own feeder once, shows what the README shows.
    @Test(arguments: ["ci", "hosts", "queues"])
    func eachExampleBoardFedOnceShowsTheREADMEsSnapshot(board: String) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- \(board) snapshot "))
        let sizeText = readme[marker.upperBound...].prefix { $0 != " " }
        let start = try #require(readme.range(of: "```text\n", range: marker.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```\n<!-- end of \(board) snapshot -->"))
        let shown = String(readme[start.upperBound..<end.lowerBound])
        let daemon = DaemonProcess()
        defer { daemon.kill() }
        let scenes = repository.appendingPathComponent("docs/examples/scenes")
        #expect(try LoomProgram.run(["scene", "apply", board, scenes.appendingPathComponent("\(board).json").path], socket: daemon.socket).status == 0)
        let binaries = LoomProgram.url.deletingLastPathComponent().path
        let fed = spawnAndWait("/bin/bash", [scenes.appendingPathComponent("\(board)-feed.sh").path, "--once"],
                               environment: ["LOOM_SOCKET": daemon.socket, "PATH": "\(binaries):/usr/bin:/bin"])
        #expect(fed.status == 0, "the feeder ran")
        let snapshot = try LoomProgram.run(["snapshot", board, "--size", String(sizeText)], socket: daemon.socket).output
        func trimmed(_ text: String) -> [String] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        #expect(trimmed(snapshot) == trimmed(shown))
    }
}

extension SceneDocumentDaemonTests {
    /// What a client cannot make the daemon hold or do with a document: one as large as a
    /// message may be (16 MiB) is refused by its size before it is parsed, a deep one by its
    /// depth, a bad name by its form; the daemon serves on, and nothing was declared.
    @Test func documentsPastTheirLimitsAreRefusedWithTheLimitsNameAndNothingChanges() throws {
        let daemon = DaemonProcess()
        defer { daemon.kill() }
        let client = Client.hello(daemon.socket)
        let huge = #"{"loom": 1, "body": {"Text": ""# + String(repeating: "x", count: (16 << 20) - 200) + #""}}"#
        client.send(.sceneApply(id: 1, name: "huge", document: huge))
        guard case .error(1, .invalidScene, let message, false)? = client.receive(timeout: 30) else { Issue.record("no invalid_scene"); return }
        #expect(message.contains("past maximumBytes (1048576)"))
        let deep = String(repeating: #"{"VStack": {"content": ["#, count: 60) + #"{"Divider": {}}"# + String(repeating: "]}}", count: 60)
        client.send(.sceneApply(id: 2, name: "deep", document: #"{"loom": 1, "body": \#(deep)}"#))
        guard case .error(2, .invalidScene, let depth, false)? = client.receive() else { Issue.record("no invalid_scene"); return }
        #expect(depth.contains("maximumDepth (48)"))
        client.send(.sceneApply(id: 3, name: "../etc/passwd", document: #"{"loom": 1, "body": {"Divider": {}}}"#))
        guard case .error(3, .invalidScene, let name, false)? = client.receive() else { Issue.record("no invalid_scene"); return }
        #expect(name.contains("a declared scene's name is letters, digits"))
        client.send(.scenes(id: 4))
        guard case .sceneList(4, let scenes, _)? = client.receive() else { Issue.record("no scene list"); return }
        #expect(!scenes.contains("huge") && !scenes.contains("deep") && scenes.contains("dashboard"))
    }
}

extension SceneDocumentDaemonTests {
    /// SIGHUP re-reads the configuration file as well as the scenes: what can change while
    /// connections stay does, what cannot is kept and the log says so; a file that no longer
    /// reads keeps the configuration running.
    @Test func sighupReloadsTheConfigurationAndSaysWhatWaitsForARestart() throws {
        let directory = try temporaryDirectory()
        let config = directory + "/loomd.json", log = directory + "/loomd.log"
        try write(#"{"fps": 30}"#, to: config)
        let daemon = DaemonProcess(arguments: ["--config", config], log: log)
        defer { daemon.kill() }
        // The command line names the socket, and wins over the file: it does not move.
        try write(#"{"fps": 20, "socket": "/tmp/elsewhere.sock", "log_level": "debug"}"#, to: config)
        kill(daemon.pid, SIGHUP)
        func logged(_ text: String) -> Bool {
            for _ in 0..<300 {
                if (try? String(contentsOfFile: log, encoding: .utf8))?.contains(text) == true { return true }
                usleep(10_000)
            }
            return false
        }
        #expect(logged("configuration reloaded"))
        try write(#"{"fps": "#, to: config)
        kill(daemon.pid, SIGHUP)
        #expect(logged("the configuration was not reloaded"))
        #expect(try LoomProgram.run(["ping"], socket: daemon.socket).status == 0, "it serves on, on its socket")
    }
}

extension SceneDocumentDaemonTests {
    /// A file that appears for a declared scene's name takes the name: the declared scene's
    /// viewers are told why and disconnected, the file's scene is served.
    @Test func aFileThatTakesADeclaredScenesNameDisconnectsItsViewersWithTheReason() throws {
        let state = try temporaryDirectory(), scenes = try temporaryDirectory()
        let daemon = DaemonProcess(stateDirectory: state, arguments: ["--scenes", scenes])
        defer { daemon.kill() }
        #expect(try LoomProgram.run(["scene", "apply", "ops", "-"], socket: daemon.socket, input: #"{"loom": 1, "body": {"Text": "declared"}}"#).status == 0)
        let viewer = Client.hello(daemon.socket, role: .viewer)
        viewer.send(.attach(id: 1, scene: "ops", width: 20, height: 1))
        ScreenModel().applyNextFrame(from: viewer)
        try write(#"{"loom": 1, "body": {"Text": "from the file"}}"#, to: scenes + "/ops.json")
        kill(daemon.pid, SIGHUP)
        guard case .bye(let reason)? = viewer.receive(until: { if case .bye = $0 { true } else { false } }) else { Issue.record("no bye"); return }
        #expect(reason == "the scene 'ops' is now read from \(scenes)/ops.json")
        #expect(try snapshot("ops", daemon.socket) == "from the file")
    }
}
