import Foundation
import Glibc
import LoomDaemon
import LoomJSON
import LoomWire
import Testing

/// The `loom` program, run as a script runs it, against a real daemon: every verb's output,
/// its `--json` output, each exit status, and its help.
@Suite("loom, the scripting client")
struct LoomCommandTests {
    private static let loom = LoomProgram.url

    private func loom(_ arguments: String..., socket: String?, input: String = "") throws -> LoomProgram.Result {
        try LoomProgram.run(arguments, socket: socket, input: input)
    }

    private func start(_ arguments: [String], socket: String?) -> (process: Process, input: Pipe, output: Pipe, errors: Pipe) {
        LoomProgram.start(arguments, socket: socket)
    }

    /// Ends a streaming `loom`. SIGKILL, because the test process's threads may block SIGTERM
    /// and a spawned child inherits that mask.
    private func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The next line a streaming `loom` prints (nil after `timeout` seconds).
    private func nextLine(_ pipe: Pipe, buffer: inout [UInt8], timeout: Double = 5) -> String? {
        LoomDaemonTests.nextLine(from: pipe.fileHandleForReading.fileDescriptor, buffer: &buffer, timeout: timeout).map { String(decoding: $0, as: UTF8.self) }
    }

    private func json(_ text: String) -> JSONValue? { try? JSONParser.parse(text) }

    @Test func mutationsPrintTheRevisionTheyProducedAndGetPrintsTheValue() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let socket = daemon.socket
        #expect(try loom("set", "/jobs", #"{"a":{"name":"build","status":"queued"}}"#, socket: socket).output == "1\n")
        #expect(try loom("merge", "/jobs/a", #"{"status":"ok","progress":1}"#, socket: socket).output == "2\n")
        let patched = try loom("patch", socket: socket, input: #"[{"op":"add","path":"/jobs/b","value":{"name":"test","status":"running"}}]"#)
        #expect(patched.status == 0 && patched.output == "3\n")
        let file = NSTemporaryDirectory() + "loom-patch-\(UUID().uuidString.prefix(8)).json"
        defer { unlink(file) }
        try Data(#"[{"op":"remove","path":"/jobs/b"}]"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try loom("patch", file, "--json", socket: socket).output == "{\"revision\":4}\n")
        #expect(try loom("set", "/hosts", "[]", "--json", socket: socket).output == "{\"revision\":5}\n")

        #expect(try loom("get", "/jobs/a", socket: socket).output == "{\"name\":\"build\",\"status\":\"ok\",\"progress\":1}\n")
        #expect(try loom("get", "/jobs/a/status", "--json", socket: socket).output == "{\"revision\":5,\"value\":\"ok\"}\n")
        #expect(try loom("wait", "5", socket: socket).output == "5\n")
        #expect(try loom("wait", "5", "--json", socket: socket).output == "{\"revision\":5}\n")
    }

    @Test func watchPrintsOneJSONLinePerChangeAsItHappens() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let watcher = start(["watch", "/jobs", "/hosts"], socket: daemon.socket)
        defer { stop(watcher.process) }
        // The watch is registered before the first change: wait for the daemon to count it.
        var waited = 0
        while try loom("stats", "--json", socket: daemon.socket).output.contains("\"connections\":2") == false && waited < 200 {
            usleep(10_000); waited += 1
        }
        usleep(50_000)
        _ = try loom("set", "/jobs", #"{"a":{"name":"build","status":"ok"}}"#, socket: daemon.socket)
        _ = try loom("set", "/unwatched", "1", socket: daemon.socket)
        _ = try loom("patch", socket: daemon.socket, input: #"[{"op":"remove","path":"/jobs"}]"#)
        var buffer: [UInt8] = []
        #expect(nextLine(watcher.output, buffer: &buffer).flatMap(json) == ["revision": 1, "path": "/jobs", "value": ["a": ["name": "build", "status": "ok"]]])
        #expect(nextLine(watcher.output, buffer: &buffer).flatMap(json) == ["revision": 3, "path": "/jobs"], "a removal has no value")
    }

    /// A watch outlives the daemon: killed, it is away while another daemon on the same state
    /// directory (on another socket) takes writes; started again on its socket, the watch
    /// resumes after the last revision it printed, and prints what it missed and what comes
    /// next, each once.
    @Test func watchResumesAfterARestartWithNothingMissedAndNothingTwice() throws {
        let state = NSTemporaryDirectory() + "loom-watch-state-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let daemon = DaemonProcess(stateDirectory: state)
        let socket = daemon.socket
        let watcher = start(["watch", "/jobs"], socket: socket)
        defer { stop(watcher.process) }
        var waited = 0
        while try loom("stats", "--json", socket: socket).output.contains("\"connections\":2") == false && waited < 200 {
            usleep(10_000); waited += 1
        }
        _ = try loom("set", "/jobs", #"{"a":"queued"}"#, socket: socket)
        _ = try loom("set", "/jobs/b", #""queued""#, socket: socket)
        var buffer: [UInt8] = []
        #expect(nextLine(watcher.output, buffer: &buffer) == #"{"revision":1,"path":"/jobs","value":{"a":"queued"}}"#)
        #expect(nextLine(watcher.output, buffer: &buffer) == #"{"revision":2,"path":"/jobs/b","value":"queued"}"#)

        daemon.kill()
        do {
            let elsewhere = DaemonProcess(stateDirectory: state)
            defer { elsewhere.kill() }
            _ = try loom("set", "/jobs/a", #""ok""#, socket: elsewhere.socket)
            _ = try loom("set", "/jobs/c", #""queued""#, socket: elsewhere.socket)
            _ = try loom("set", "/jobs/a", #""done""#, socket: elsewhere.socket)
            _ = try loom("set", "/hosts/web", "1", socket: elsewhere.socket)
        }
        let again = DaemonProcess(socket: socket, stateDirectory: state)
        defer { again.kill() }
        // Missed while away: coalesced per path, in path order.
        #expect(nextLine(watcher.output, buffer: &buffer, timeout: 10) == #"{"revision":5,"path":"/jobs/a","value":"done"}"#)
        #expect(nextLine(watcher.output, buffer: &buffer) == #"{"revision":4,"path":"/jobs/c","value":"queued"}"#)
        _ = try loom("set", "/jobs/b", #""failed""#, socket: socket)
        #expect(nextLine(watcher.output, buffer: &buffer) == #"{"revision":7,"path":"/jobs/b","value":"failed"}"#)
        #expect(nextLine(watcher.output, buffer: &buffer, timeout: 0.5) == nil, "nothing twice")
        stop(watcher.process)
        let errors = String(decoding: watcher.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.contains("lost the connection to loomd") && errors.contains("reconnecting"), "\(errors)")
        #expect(errors.contains("reconnected; going on after revision 2"), "\(errors)")
    }

    @Test func watchSinceARevisionBeginsWithWhatChangedAfterIt() throws {
        let state = NSTemporaryDirectory() + "loom-watch-state-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let daemon = DaemonProcess(stateDirectory: state)
        defer { daemon.kill() }
        for (path, value) in [("/jobs/a", "1"), ("/jobs/b", "2"), ("/jobs/a", "3")] { _ = try loom("set", path, value, socket: daemon.socket) }
        let watcher = start(["watch", "/jobs", "--since", "1"], socket: daemon.socket)
        defer { stop(watcher.process) }
        var buffer: [UInt8] = []
        #expect(nextLine(watcher.output, buffer: &buffer) == #"{"revision":3,"path":"/jobs/a","value":3}"#)
        #expect(nextLine(watcher.output, buffer: &buffer) == #"{"revision":2,"path":"/jobs/b","value":2}"#)
        let refused = try loom("watch", "/jobs", "--since", "-1", socket: daemon.socket)
        #expect(refused.status == 2 && refused.errors.contains("--since must be a revision"), "\(refused.errors)")
    }

    @Test func watchGivesUpReconnectingAfterItsTimeout() throws {
        let daemon = DaemonProcess()
        let watcher = start(["watch", "/jobs", "--reconnect-timeout", "0.5"], socket: daemon.socket)
        var waited = 0
        while try loom("stats", "--json", socket: daemon.socket).output.contains("\"connections\":2") == false && waited < 200 {
            usleep(10_000); waited += 1
        }
        daemon.kill()
        let errors = String(decoding: watcher.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        watcher.process.waitUntilExit()
        #expect(watcher.process.terminationStatus == 1)
        #expect(errors.contains("gave up reconnecting after 0.5 seconds"), "\(errors)")
    }

    @Test func proxyCarriesTheProtocolOverItsStandardInputAndOutputAsSSHWould() throws {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        // Pipes stand in for ssh: what a remote viewer writes arrives on proxy's standard input.
        let session = try loom("proxy", socket: daemon.socket, input: """
            {"type":"hello","id":0,"versions":[1,1]}
            {"type":"set","id":1,"path":"/jobs","value":{"a":{"name":"build","status":"ok"}}}
            {"type":"snapshot","id":2,"scene":"jobs","width":12,"height":2}

            """)
        #expect(session.status == 0, "\(session.errors)")
        let replies = session.lines.compactMap(json)
        #expect(replies.count == 3, "\(session.output)")
        #expect(replies.first?["type"] == "welcome")
        #expect(replies.dropFirst().first == ["type": "ok", "id": 1, "revision": 1])
        #expect(replies.last == ["type": "snapshot_text", "id": 2, "text": "jobs: 1\nbuild     ok"])
        #expect(try loom("proxy", socket: "/nonexistent/loom.sock").status == 3)
    }

    @Test func aStreamEndedByTheDaemonExitsOneSayingWhy() throws {
        let daemon = DaemonThread()
        let watcher = start(["watch", "--no-reconnect", "/jobs"], socket: daemon.socket)
        var waited = 0
        while try loom("stats", "--json", socket: daemon.socket).output.contains("\"connections\":2") == false && waited < 200 {
            usleep(10_000); waited += 1
        }
        daemon.shutDown()
        let errors = watcher.errors.fileHandleForReading.readDataToEndOfFile()
        watcher.process.waitUntilExit()
        #expect(watcher.process.terminationStatus == 1)
        #expect(String(decoding: errors, as: UTF8.self).contains("the daemon is shutting down"), "\(String(decoding: errors, as: UTF8.self))")
    }

    @Test func scenesStatsSnapshotAndPingReportWhatTheDaemonHas() throws {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        let socket = daemon.socket
        _ = try loom("set", "/jobs", #"{"a":{"name":"build","status":"ok"},"b":{"name":"test","status":"failed"}}"#, socket: socket)

        #expect(try loom("scenes", socket: socket).output == "jobs  built-in\n")
        #expect(try loom("scenes", "--json", socket: socket).output == #"[{"name":"jobs","origin":"built-in"}]"# + "\n")

        let stats = try loom("stats", socket: socket)
        #expect(stats.status == 0 && stats.lines.contains("revision: 1"), "\(stats.output)")
        #expect(stats.lines.allSatisfy { $0.contains(": ") })
        #expect(json(try loom("stats", "--json", socket: socket).output)?["revision"] == 1)

        let snapshot = try loom("snapshot", "jobs", "--size", "20x4", socket: socket)
        #expect(snapshot.output == "jobs: 2\nbuild             ok\n────────────────────\ntest          failed\n", "\(snapshot.output)")
        let markup = try loom("snapshot", "jobs", "--size=20x4", "--markup", socket: socket)
        #expect(markup.output.contains("{bold}jobs: 2{}") && markup.output.contains("fg=red"), "\(markup.output)")
        #expect(json(try loom("snapshot", "jobs", "--size", "20x4", "--json", socket: socket).output)?["text"]?.stringValue?.hasPrefix("jobs: 2\n") == true)
        // --ansi: the same screen with SGR attributes (bold, the red of "failed" at the depth asked for).
        let ansi = try loom("snapshot", "jobs", "--size", "20x4", "--ansi", "--colors", "16", socket: socket)
        #expect(ansi.status == 0 && ansi.output.hasPrefix("\u{1B}[0;1mjobs: 2\u{1B}[m") && ansi.output.contains("\u{1B}[0;31mfailed\u{1B}[m"), "\(ansi.output.debugDescription)")
        let stripped = ansi.output.replacing(/\x1B\[[0-9;]*m/, with: "").split(separator: "\n").map { $0.reversed().drop(while: { $0 == " " }).reversed() }.map { String($0) }
        #expect(stripped == snapshot.lines, "--ansi shows the text --size shows")

        #expect(try loom("ping", socket: socket).output.hasPrefix("pong "))
        #expect(json(try loom("ping", "--json", socket: socket).output)?["milliseconds"]?.doubleValue != nil)
    }

    /// Options before the verb are every verb's, as `git -C` and `tmux -S` are; `--version`
    /// and `--help` need no daemon.
    @Test func globalOptionsComeBeforeTheVerb() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let pinged = try loom("--socket", daemon.socket, "ping", socket: nil)
        #expect(pinged.status == 0 && pinged.output.hasPrefix("pong "), "\(pinged.errors)")
        #expect(try loom("--socket=" + daemon.socket, "--json", "set", "/a", "1", socket: nil).output == #"{"revision":1}"# + "\n")
        #expect(try loom("--json", "get", "/a", socket: daemon.socket).output == #"{"revision":1,"value":1}"# + "\n")
        let version = try loom("--version", socket: nil)
        #expect(version.status == 0 && version.output == "loom \(LoomVersion.current) (protocol \(ProtocolVersion.current))\n")
        let loomd = Process()
        loomd.executableURL = Self.loom.deletingLastPathComponent().appendingPathComponent("loomd")
        loomd.arguments = ["--version"]
        let printed = Pipe()
        loomd.standardOutput = printed
        try loomd.run()
        let daemonVersion = String(decoding: printed.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        loomd.waitUntilExit()
        #expect(loomd.terminationStatus == 0 && daemonVersion == "loomd \(LoomVersion.current) (protocol \(ProtocolVersion.current))\n")
        let wrong = try loom("--wat", "ping", socket: nil)
        #expect(wrong.status == 2 && wrong.errors.contains("unknown option --wat before the verb"))
    }

    /// A value too large for the command line comes from standard input (`-`) or a file
    /// (`@FILE`); a file that cannot be read is named with the system's reason.
    @Test func valuesComeFromStandardInputOrAFile() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let big = "\"" + String(repeating: "x", count: 200_000) + "\""
        #expect(try loom("set", "/big", "-", socket: daemon.socket, input: big).status == 0)
        #expect(try loom("get", "/big", socket: daemon.socket).output == big + "\n")
        let file = NSTemporaryDirectory() + "loom-value-\(UUID().uuidString.prefix(8)).json"
        try Data(#"{"b":2}"#.utf8).write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }
        #expect(try loom("merge", "/obj", "@" + file, socket: daemon.socket).status == 0)
        #expect(try loom("get", "/obj", socket: daemon.socket).output == #"{"b":2}"# + "\n")
        let missing = try loom("set", "/x", "@/nonexistent/value.json", socket: daemon.socket)
        #expect(missing.status == 2 && missing.errors.contains("cannot read /nonexistent/value.json: No such file or directory"), "\(missing.errors)")
        // Past what one message may carry, a value is refused before it is sent (or read whole).
        let huge = NSTemporaryDirectory() + "loom-huge-\(UUID().uuidString.prefix(8)).json"
        try Data(repeating: UInt8(ascii: " "), count: (16 << 20) + 1).write(to: URL(fileURLWithPath: huge))
        defer { unlink(huge) }
        let tooLarge = try loom("set", "/x", "@" + huge, socket: daemon.socket)
        #expect(tooLarge.status == 2 && tooLarge.errors.contains("holds more than the 16777216 bytes one message may carry"), "\(tooLarge.errors)")
        let noPatch = try loom("patch", "/nonexistent/patch.json", socket: daemon.socket)
        #expect(noPatch.status == 2 && noPatch.errors.contains("cannot read /nonexistent/patch.json: No such file or directory"), "\(noPatch.errors)")
    }

    /// `merge` where nothing is makes it, with missing parents, as `set` does.
    @Test func mergeCreatesMissingParentsAsSetDoes() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let merged = try loom("merge", "/nope/deep", #"{"a":1,"gone":null}"#, socket: daemon.socket)
        #expect(merged.status == 0, "\(merged.errors)")
        #expect(try loom("get", "/nope", socket: daemon.socket).output == #"{"deep":{"a":1}}"# + "\n")
    }

    /// With `--json`, a failure is a JSON object on standard error, with a code to branch on.
    @Test func jsonErrorsCarryTheirCode() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let missing = try loom("get", "/nothing", "--json", socket: daemon.socket)
        #expect(missing.status == 1 && json(missing.errors)?["error"]?["code"] == "not_found", "\(missing.errors)")
        let refused = try loom("--json", "set", "no-slash", "1", socket: daemon.socket)
        #expect(refused.status == 1 && json(refused.errors)?["error"]?["code"] == "invalid_pointer", "\(refused.errors)")
        let usage = try loom("--json", "frob", socket: daemon.socket)
        #expect(usage.status == 2 && json(usage.errors)?["error"]?["code"] == "usage", "\(usage.errors)")
        let unreachable = try loom("--json", "ping", "--socket", "/nonexistent/loom.sock", socket: nil)
        #expect(unreachable.status == 3 && json(unreachable.errors)?["error"]?["code"] == "connect", "\(unreachable.errors)")
    }

    /// `--timeout` bounds the wait for the daemon's answer (exit 4): a daemon that accepts the
    /// connection and never answers (a hung one; here a socket nobody reads) is not waited for
    /// forever.
    @Test func aTimeoutEndsAVerbTheDaemonDoesNotAnswer() throws {
        let path = NSTemporaryDirectory() + "loom-silent-\(UUID().uuidString.prefix(8)).sock"
        let silent = UnixSocketAddress.socket()
        defer { close(silent); unlink(path) }
        let bound = UnixSocketAddress(path)?.withSocketAddress { bind(silent, $0, $1) }
        #expect(bound == 0 && listen(silent, 8) == 0)
        let waited = try loom("ping", "--timeout", "0.3", "--socket", path, socket: nil)
        #expect(waited.status == 4 && waited.errors.contains("did not answer in time"), "\(waited.status) \(waited.errors)")
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        #expect(try loom("ping", "--timeout", "5", socket: daemon.socket).status == 0)
        #expect(try loom("ping", "--timeout", "-1", socket: daemon.socket).status == 2)
    }

    @Test func traceStreamsEachEvaluationWithItsCauses() throws {
        let daemon = DaemonThread { $0.register(scene: "jobs", JobBoard()) }
        defer { daemon.shutDown() }
        _ = try loom("set", "/jobs", #"{"a":{"name":"build","status":"queued"}}"#, socket: daemon.socket)
        _ = try loom("snapshot", "jobs", "--size", "20x4", socket: daemon.socket)
        let plain = start(["trace", "jobs"], socket: daemon.socket)
        let structured = start(["trace", "--json"], socket: daemon.socket)
        defer { stop(plain.process); stop(structured.process) }
        var waited = 0
        while try loom("stats", "--json", socket: daemon.socket).output.contains("\"connections\":3") == false && waited < 200 {
            usleep(10_000); waited += 1
        }
        usleep(50_000)
        // A new member: the board, which reads the member list, is re-evaluated, and says why.
        _ = try loom("set", "/jobs/b", #"{"name":"test","status":"queued"}"#, socket: daemon.socket)
        // Other evaluations may come first (the snapshot's viewport going away re-evaluates the list).
        var buffer: [UInt8] = [], structuredBuffer: [UInt8] = []
        var line: String?
        repeat { line = nextLine(plain.output, buffer: &buffer) } while line?.hasPrefix("jobs JobBoard #") == false
        #expect(line?.hasSuffix(": @store(/jobs)") == true, "\(line ?? "nothing")")
        var event: JSONValue?
        repeat { event = nextLine(structured.output, buffer: &structuredBuffer).flatMap(json) } while event != nil && event?["view"] != "JobBoard"
        #expect(event?["scene"] == "jobs" && event?["causes"] == ["@store(/jobs)"] && event?["node"]?.intValue != nil,
                "\(String(describing: event))")
    }

    @Test func theDaemonsErrorsExitOneWithTheMessageOnStandardError() throws {
        let daemon = DaemonThread()
        defer { daemon.shutDown() }
        let missing = try loom("get", "/nothing", socket: daemon.socket)
        #expect(missing.status == 1 && missing.output.isEmpty && missing.errors.contains("nothing at /nothing"))
        let badPointer = try loom("set", "no-slash", "1", socket: daemon.socket)
        #expect(badPointer.status == 1 && badPointer.errors.contains("no-slash"), "\(badPointer.errors)")
        let noScene = try loom("snapshot", "nope", "--size", "10x2", socket: daemon.socket)
        #expect(noScene.status == 1 && noScene.errors.contains("no scene 'nope'"))
        let failedTest = try loom("patch", socket: daemon.socket, input: #"[{"op":"test","path":"/x","value":1}]"#)
        #expect(failedTest.status == 1 && !failedTest.errors.isEmpty)
    }

    @Test(arguments: [
        (["frob"], "unknown verb frob"), (["set", "/x"], "expected PATH JSON"), (["set", "/x", "ok"], "not JSON"),
        (["get", "/x", "--wat"], "unknown option --wat"), (["snapshot", "jobs"], "--size COLSxROWS is required"),
        (["snapshot", "jobs", "--size", "wide"], "like 100x30"), (["wait", "soon"], "non-negative integer"),
        (["ping", "--socket"], "--socket needs a value"), (["watch"], "at least one PATH"), (["help", "frob"], "no verb frob"),
        (["attach", "jobs"], "needs a terminal"), (["attach", "jobs", "--colors", "many"], "truecolor, 256 or 16"),
        (["attach", "jobs", "--detach-keys", "meta-x"], "like ctrl-]"), (["snapshot", "jobs", "--size", "9x9", "--ansi", "--markup"], "alternatives"),
        (["attach", "jobs", "--highlight-ms", "soon"], "number of milliseconds"),
        (["attach", "jobs", "--ssh=-oProxyCommand=sh"], "--ssh needs a host"),
    ])
    func aWrongCommandLineExitsTwoAndSaysWhatIsWrong(arguments: [String], message: String) throws {
        let process = start(arguments, socket: "/nonexistent/loom.sock")
        let errors = process.errors.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        #expect(process.process.terminationStatus == 2)
        #expect(String(decoding: errors, as: UTF8.self).contains(message), "\(String(decoding: errors, as: UTF8.self))")
    }

    /// `loom` asks for no role: the daemon gives this user theirs, and each verb works or is
    /// refused by what the role may do (an observer pings; it may not set).
    @Test func everyVerbARoleMayUseWorksForThatRole() throws {
        let daemon = DaemonThread(adjusting: { $0.roles.controllers = [] })
        defer { daemon.shutDown() }
        let ping = try loom("ping", socket: daemon.socket)
        #expect(ping.status == 0, "\(ping.errors)")
        let set = try loom("set", "/a", "1", socket: daemon.socket)
        #expect(set.status == 1 && set.errors.contains("an observer connection may not set (that takes the control role)"), "\(set.errors)")
    }

    /// A socket `loom` finds by itself must be root's or the user's, and so must its directory;
    /// one named with `--socket` is the user's choice.
    @Test(.enabled(if: geteuid() == 0, "needs root to give a directory to another user"))
    func aSocketFoundByDefaultMustBelongToRootOrTheUser() throws {
        let directory = NSTemporaryDirectory() + "loom-trust-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let daemon = DaemonThread(socket: directory + "/loom.sock")
        defer { daemon.shutDown() }
        #expect(chown(directory, 65_534, 65_534) == 0)
        var found = try loom("ping", socket: daemon.socket)
        #expect(found.status == 3 && found.errors.contains("its directory \(directory) belongs to user 65534"), "\(found.errors)")
        #expect(chown(directory, 0, 0) == 0 && chmod(directory, 0o777) == 0)
        found = try loom("ping", socket: daemon.socket)
        #expect(found.status == 3 && found.errors.contains("lets anyone replace what is in it"), "\(found.errors)")
        #expect(chmod(directory, 0o755) == 0 && chown(daemon.socket, 65_534, 65_534) == 0)
        found = try loom("ping", socket: daemon.socket)
        #expect(found.status == 3 && found.errors.contains("the socket belongs to user 65534"), "\(found.errors)")
        let named = try loom("ping", "--socket", daemon.socket, socket: nil)
        #expect(named.status == 0, "a socket named with --socket is trusted: \(named.errors)")
    }

    @Test func noDaemonExitsThreeNamingTheSocket() throws {
        let viaEnvironment = try loom("ping", socket: "/nonexistent/loom.sock")
        #expect(viaEnvironment.status == 3 && viaEnvironment.errors.contains("cannot connect to /nonexistent/loom.sock"))
        let viaOption = try loom("get", "/x", "--socket", "/nonexistent/other.sock", socket: "/nonexistent/loom.sock")
        #expect(viaOption.status == 3 && viaOption.errors.contains("/nonexistent/other.sock"), "--socket wins over LOOM_SOCKET")
    }

    @Test func helpNamesEveryVerbAndEachVerbExplainsItself() throws {
        let overview = try loom("--help", socket: nil)
        #expect(overview.status == 0)
        for verb in ["set", "patch", "merge", "get", "watch", "wait", "scenes", "stats", "trace", "snapshot", "ping", "attach", "proxy"] {
            #expect(overview.lines.contains { $0.hasPrefix("  \(verb)") }, "\(verb) in loom --help")
            let help = try loom("help", verb, socket: nil)
            #expect(help.status == 0 && help.output.hasPrefix("usage: loom \(verb)"))
            #expect(try loom(verb, "--help", socket: nil).output == help.output)
        }
        #expect(overview.output.contains("Exit status: 0 ok; 1"))
        #expect(try loom(socket: nil).output == overview.output, "loom alone prints the overview")
    }
}
