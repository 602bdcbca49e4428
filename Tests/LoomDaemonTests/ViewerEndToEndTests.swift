import Foundation
import Glibc
import LoomCells
import LoomTestSupport
import LoomWire
import Synchronization
import Testing

/// The viewer as a person uses it: the real `loomd` with its built-in scenes, the real `loom
/// attach` in a tmux pane, the screen read back with `capture-pane`.
@Suite("loom attach, end to end in tmux", .serialized)
final class ViewerEndToEndTests {
    private static let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    private let directory = NSTemporaryDirectory() + "loom-e2e-\(UUID().uuidString.prefix(8))"
    private let daemon = DaemonProcess()
    private var socket: String { daemon.socket }
    /// A tmux server of our own, so nothing of the user's (or another test's) is touched.
    private var server: String { "loom-e2e-\(directory.suffix(8))" }
    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is needed (make test installs it)")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(access(socket, F_OK) == 0, "loomd listens")
    }

    deinit {
        tmux(["kill-server"])
        daemon.kill()
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: - Driving programs

    private func run(_ executable: String, _ arguments: String...) -> (status: Int32, output: String) {
        spawnAndWait(executable, arguments, environment: ["LOOM_SOCKET": socket, "PATH": "/usr/bin:/bin"])
    }

    private func loom(_ arguments: String...) -> String {
        let process = Process()
        process.executableURL = Self.binaries.appendingPathComponent("loom")
        process.arguments = arguments
        process.environment = ["LOOM_SOCKET": socket]
        let output = Pipe()
        process.standardOutput = output
        try! process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "loom \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    private func tmux(_ arguments: String...) -> String {
        spawnAndWait("/usr/bin/tmux", ["-L", server] + arguments).output
    }

    /// A shell in a pane of `width`×`height`, with `loom` on its PATH and the daemon's socket in LOOM_SOCKET.
    /// A terminal with a shell; `session` names another one, for a second person.
    private func openPane(session: String = "e2e", width: Int = 100, height: Int = 30, socket: String? = nil) {
        tmux(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)",
                 "env", "PS1=$ ", "LOOM_SOCKET=\(socket ?? self.socket)", "PATH=\(Self.binaries.path):/usr/bin:/bin", "TERM=tmux-256color", "/bin/sh"])
        _ = tmux("set-option", "-t", session, "status", "off")
        _ = tmux("resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)")
    }

    /// Types a command line into the shell: it saves the terminal's settings first, and says
    /// afterwards how the command exited and whether the settings are as they were.
    private func type(in session: String = "e2e", _ command: String) {
        _ = tmux("send-keys", "-t", session, "-l", "S=$(stty -g); \(command); echo \"status $?\"; [ \"$S\" = \"$(stty -g)\" ] && echo SANE || echo INSANE")
        _ = tmux("send-keys", "-t", session, "Enter")
    }

    private func keys(in session: String = "e2e", _ keys: String...) {
        tmux(["send-keys", "-t", session] + keys)
    }

    /// A tmux command whose output nobody reads (the first one starts the server).
    private func tmux(_ arguments: [String]) {
        _ = spawnAndWait("/usr/bin/tmux", ["-L", server] + arguments, captureOutput: false)
    }

    /// What the pane shows, each line without trailing spaces, without trailing empty lines.
    private func screen(of session: String = "e2e", escapes: Bool = false) -> String {
        normalized(escapes ? tmux("capture-pane", "-p", "-e", "-t", session) : tmux("capture-pane", "-p", "-t", session))
    }

    private func normalized(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func snapshot(_ width: Int, _ height: Int) -> String {
        normalized(loom("snapshot", "dashboard", "--size", "\(width)x\(height)"))
    }

    private func pane(_ format: String) -> String {
        tmux("display-message", "-p", "-t", "e2e", format).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the command line typed by `type` has finished: its status printed, the
    /// terminal settings compared, the prompt back (checking before the prompt races the shell).
    private func shellIsBack(status: String) -> Bool {
        waitUntil {
            let shown = self.screen()
            return shown.contains("status \(status)") && (shown.hasSuffix("SANE\n$") || shown.hasSuffix("INSANE\n$"))
        }
    }

    /// Polls until `condition` holds (true) or 10 seconds pass (false): a bound on waiting, not a timing assertion.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    private func seed() {
        _ = loom("set", "/hosts", #"{"web-1": {"up": true, "load": 0.42}, "db-1": {"up": false}}"#)
        _ = loom("set", "/log", #"["deploy started", "build-1 queued"]"#)
        for (id, name, status) in [("build-1", "build the 日本語 docs", "running"), ("test-1", "unit tests", "queued"), ("deploy-1", "deploy", "ok")] {
            _ = loom("set", "/jobs/\(id)", #"{"name": "\#(name)", "status": "\#(status)", "progress": 0.25}"#)
        }
    }

    // MARK: - The tests

    @Test func thePaneShowsWhatSnapshotShowsAfterMutationsAndAfterAResize() {
        seed()
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { screen() == snapshot(100, 30) }, "first screen:\n\(screen())\n---\n\(snapshot(100, 30))")

        _ = loom("merge", "/jobs/build-1", #"{"progress": 0.8}"#)
        _ = loom("set", "/jobs/test-1/status", #""failed""#)
        _ = loom("set", "/jobs/new-1", #"{"name": "a new job", "status": "queued"}"#)
        _ = loom("merge", "/jobs", #"{"deploy-1": null}"#)
        _ = loom("merge", "/hosts/db-1", #"{"up": true, "load": 1.5}"#)
        #expect(waitUntil { screen() == snapshot(100, 30) && screen().contains("a new job") && !screen().contains("✓ ok") },
                "after mutations:\n\(screen())\n---\n\(snapshot(100, 30))")

        _ = tmux("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
        #expect(waitUntil { screen() == snapshot(80, 24) }, "after resizing:\n\(screen())\n---\n\(snapshot(80, 24))")
        keys("C-]")
        #expect(waitUntil { screen().contains("SANE") })
    }

    @Test func theDetachKeyReturnsToTheShellWithTheTerminalRestored() {
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { pane("#{alternate_on}") == "1" && screen().contains("Loom · operations") })
        #expect(pane("#{cursor_flag}") == "0", "the cursor is hidden while attached")
        keys("C-]")
        #expect(shellIsBack(status: "0"))
        let shown = screen()
        #expect(shown.contains("[detached from dashboard]"))
        #expect(shown.hasSuffix("SANE\n$"), "stty settings as before:\n\(shown)")
        #expect(pane("#{alternate_on}") == "0", "back on the main screen")
        #expect(pane("#{cursor_flag}") == "1", "the cursor is visible")
    }

    @Test func killingTheDaemonEndsAViewerThatDoesNotReconnectWithAMessageAndARestoredTerminal() {
        openPane()
        type("loom attach --no-reconnect dashboard")
        #expect(waitUntil { screen().contains("Loom · operations") })
        daemon.kill()
        #expect(shellIsBack(status: "1"))
        let shown = screen()
        #expect(shown.contains("lost the connection to loomd"), "\(shown)")
        #expect(shown.hasSuffix("SANE\n$"), "\(shown)")
        #expect(pane("#{alternate_on}") == "0" && pane("#{cursor_flag}") == "1")

        // With no daemon at all: a clear message and exit status 3, the terminal untouched.
        type("loom attach dashboard")
        #expect(shellIsBack(status: "3"))
        #expect(screen().contains("cannot connect to \(socket): is the daemon running?"))
    }

    /// A wallboard survives a restart: the daemon killed, the viewer says it is reconnecting
    /// over its last screen; a daemon started again on the same socket (fed again: this one
    /// keeps no state) is found, and the pane equals the snapshot again.
    @Test func aViewerReconnectsWhenTheDaemonComesBackOnItsSocket() {
        seed()
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { screen().contains("build the 日本語 docs") })
        daemon.kill()
        #expect(waitUntil { screen().contains("reconnecting to loomd…") }, "\(screen())")
        #expect(screen().contains("build the 日本語 docs"), "the last screen stays under the status")
        let again = DaemonProcess(socket: socket)
        defer { again.kill() }
        seed()
        #expect(waitUntil { screen() == snapshot(100, 30) }, "\(screen())\n---\n\(snapshot(100, 30))")
        keys("C-]")
        #expect(shellIsBack(status: "0"), "\(screen())")
    }

    @Test func ctrlCQuitsAndADaemonShuttingDownSaysSoBothWithTheTerminalRestored() {
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { screen().contains("Loom · operations") })
        keys("C-c")
        #expect(shellIsBack(status: "0"))
        #expect(screen().contains("[quit dashboard]") && screen().hasSuffix("SANE\n$"), "\(screen())")

        type("loom attach --no-reconnect dashboard")
        #expect(waitUntil { screen().contains("Loom · operations") })
        kill(daemon.pid, SIGTERM)
        #expect(shellIsBack(status: "1"))
        #expect(screen().contains("loomd is shutting down") && screen().hasSuffix("SANE\n$"), "\(screen())")
        #expect(pane("#{alternate_on}") == "0" && pane("#{cursor_flag}") == "1")
    }

    @Test func aSceneThatDoesNotExistIsRefusedBeforeTheTerminalChanges() {
        openPane()
        type("loom attach nowhere")
        #expect(shellIsBack(status: "1"))
        #expect(screen().contains("no scene 'nowhere'") && screen().hasSuffix("SANE\n$"), "\(screen())")
    }

    @Test func theDemoFeedsTheDashboardAndDetachingStopsTheFeederAndTheDaemon() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/examples/demo.sh").standardized.path
        openPane()
        type("TICK=0.05 \(demo) \(Self.binaries.path)")
        // The feeder's jobs appear and move.
        #expect(waitUntil { screen().contains("▸ running") && screen().contains("%") && screen().contains("hosts  ●") }, "\(screen())")
        #expect(screen().contains("another terminal: LOOM_SOCKET="), "the second viewer's command stays readable on the board: \(screen())")
        let first = screen()
        #expect(waitUntil { screen() != first }, "the board moves")
        keys("C-]")
        #expect(shellIsBack(status: "0"), "\(screen())")
        #expect(screen().contains("stopping the feeder and the daemon"))
        let left = run("/usr/bin/pgrep", "-f", "dashboard-feeder.sh|loomd --ephemeral --socket /tmp/tmp").output
        #expect(left.isEmpty, "nothing left running: \(left)")
    }

    @Test(arguments: [(SIGTERM, "Terminated"), (SIGHUP, "Hangup"), (SIGINT, "Interrupt")])
    func aSignalEndsTheViewerWithTheTerminalRestored(signal: Int32, name: String) {
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { screen().contains("Loom · operations") })
        let shell = pane("#{pane_pid}")
        let viewer = run("/usr/bin/pgrep", "-P", shell).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int32(viewer).map { kill($0, signal) } == 0, "the viewer is the shell's child: \(viewer)")
        #expect(shellIsBack(status: "\(128 + signal)"), "\(screen())")
        #expect(screen().contains(name) && screen().hasSuffix("SANE\n$"), "\(screen())")
        #expect(pane("#{alternate_on}") == "0" && pane("#{cursor_flag}") == "1")
    }

    @Test func evenACrashLeavesTheTerminalRestored() {
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { screen().contains("Loom · operations") })
        let viewer = run("/usr/bin/pgrep", "-P", pane("#{pane_pid}")).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int32(viewer).map { kill($0, SIGSEGV) } == 0)
        #expect(shellIsBack(status: "\(128 + SIGSEGV)"), "\(screen())")
        #expect(screen().contains("loom: crashed; the terminal was restored") && screen().hasSuffix("SANE\n$"), "\(screen())")
        #expect(pane("#{alternate_on}") == "0" && pane("#{cursor_flag}") == "1")
    }

    /// Through a real OpenSSH server on this machine: ssh runs `loom proxy` through the remote
    /// user's shell, so the socket path must reach it quoted — this one has a space and a quote.
    @Test func attachingThroughSSHCarriesTheViewerAndTheRemoteSocketPathAsGiven() throws {
        seed()
        let ssh = try SSHServer(directory: directory, path: Self.binaries.path)
        defer { ssh.stop() }
        let remoteSocket = directory + "/the daemon's socket"
        try FileManager.default.createSymbolicLink(atPath: remoteSocket, withDestinationPath: socket)
        func attach(through command: String = ssh.command, socket: String? = remoteSocket, reconnect: Bool = true) {
            type("clear; LOOM_SSH='\(command)' loom attach --ssh \(ssh.user)@127.0.0.1\(socket.map { " --socket \"\($0)\"" } ?? "")\(reconnect ? "" : " --no-reconnect") dashboard")
        }
        openPane()
        attach()
        #expect(waitUntil { screen() == snapshot(100, 30) }, "\(screen())")
        _ = loom("set", "/jobs/build-1/status", #""ok""#)
        #expect(waitUntil { screen() == snapshot(100, 30) && screen().contains("✓ ok") })
        keys("C-]")
        #expect(shellIsBack(status: "0") && screen().hasSuffix("SANE\n$"), "\(screen())")

        // The daemon on the other end killed while attached (a viewer that does not reconnect):
        // the terminal restored, and why.
        attach(reconnect: false)
        #expect(waitUntil { screen().contains("Loom · operations") })
        daemon.kill()
        #expect(shellIsBack(status: "1"), "\(screen())")
        #expect(screen().contains("lost the connection to loomd on \(ssh.user)@127.0.0.1 (it stopped or was killed)") && screen().hasSuffix("SANE\n$"),
                "\(screen())")

        // No daemon at the other end: the remote loom's reason, then which end failed, and the
        // exit status of no daemon answering (3), as without ssh.
        attach(socket: directory + "/nothing.sock")
        #expect(shellIsBack(status: "3"), "\(screen())")
        #expect(screen().contains("cannot connect to \(directory)/nothing.sock: is the daemon running?"), "\(screen())")
        #expect(screen().contains("cannot connect to \(ssh.user)@127.0.0.1 through ssh: no daemon answers at the remote socket"), "\(screen())")
        #expect(screen().hasSuffix("SANE\n$"))

        // No ssh server there at all: ssh's own failure, and the same status.
        attach(through: ssh.command(port: 1), socket: nil)
        #expect(shellIsBack(status: "3"), "\(screen())")
        #expect(screen().contains("cannot connect to \(ssh.user)@127.0.0.1 through ssh: ssh failed (exit status 255)"), "\(screen())")
    }

    @Test func theMouseWheelOverTheListScrollsItAndTurnsOnMouseReportsOnlyWhileAttached() {
        // More jobs than the pane shows, one row each.
        let jobs = (0..<40).map { #""job-\#(100 + $0)": {"name": "task \#(100 + $0)", "status": "queued"}"# }
        _ = loom("set", "/jobs", "{\(jobs.joined(separator: ", "))}")
        openPane()
        type("loom attach dashboard")
        #expect(waitUntil { screen().contains("task 100") && pane("#{mouse_sgr_flag}") == "1" }, "\(screen())")
        // Three notches down over the list, as the terminal reports them (SGR, 1-based column and row).
        let down = "\u{1B}[<65;10;8M", up = "\u{1B}[<64;10;8M"
        keys("-l", down + down + down)
        // Three lines a notch: the first job shown is the tenth.
        #expect(waitUntil { !screen().contains("task 108") && screen().contains("task 109") }, "scrolled down:\n\(screen())")
        keys("-l", up + up + up)
        #expect(waitUntil { screen().contains("task 100") }, "scrolled back:\n\(screen())")
        keys("C-]")
        #expect(shellIsBack(status: "0"))
        #expect(pane("#{mouse_sgr_flag}") == "0", "mouse reports are off again")
    }

    /// Two people on one board, as two terminals: what one opens, the other does not see; an
    /// observer navigates its own window too; a snapshot is a fresh window's.
    @Test func eachTerminalIsAWindowWithItsOwnNavigationAndAnObserverNavigatesToo() {
        seed()
        openPane()
        openPane(session: "other")
        type("loom attach dashboard")
        type(in: "other", "loom attach --observer dashboard")
        #expect(waitUntil { screen().contains("build the 日本語 docs") && screen(of: "other").contains("build the 日本語 docs") })
        keys("Down", "Enter")
        #expect(waitUntil { screen().contains("job build-1") && screen().contains("Escape: back to the board") }, "\(screen())")
        usleep(300_000)
        #expect(screen(of: "other").contains("Loom · operations"), "the other window still shows the board:\n\(screen(of: "other"))")

        keys(in: "other", "Down", "Down", "Enter")
        #expect(waitUntil { screen(of: "other").contains("job test-1") }, "the observer follows a link in its own window:\n\(screen(of: "other"))")
        keys("Escape")
        #expect(waitUntil { screen().contains("Loom · operations") })
        #expect(screen(of: "other").contains("job test-1"), "going back in one window leaves the other's detail open")
        #expect(loom("snapshot", "dashboard", "--size", "100x30").contains("Loom · operations"), "a snapshot is a fresh window's")
        _ = loom("merge", "/jobs/test-1", #"{"progress": 0.5}"#)
        #expect(waitUntil { screen(of: "other").contains("50%") }, "shared data reaches the observer's detail:\n\(screen(of: "other"))")
        keys(in: "other", "C-]")
        keys("C-]")
        #expect(shellIsBack(status: "0"))
    }

    /// The incident tracker of `docs/examples`, a daemon of one's own, typed into in a real
    /// terminal: the terminal's cursor at the caret, editing keys, a bracketed paste (its line
    /// break a space, not Enter), Enter filing the incident into the store and its table
    /// showing it, and the tab bar reached and chosen from the keyboard and with a click.
    @Test func typingIntoTheExampleTrackerAndSubmittingFilesTheIncident() {
        let incidents = DaemonProcess(program: "loom-example-incidents")
        defer { incidents.kill() }
        openPane(width: 80, height: 14, socket: incidents.socket)
        type("loom attach incidents")
        #expect(waitUntil { screen().contains("what happened?") }, "\(screen())")
        let header = { self.screen().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).first.map(String.init) ?? "" }
        let first = header()
        #expect(waitUntil { header() != first && header().hasPrefix("Incidents · 0 filed") }, "the clock's task ticks in the daemon: \(first) → \(header())")
        #expect(waitUntil { pane("#{cursor_flag} #{cursor_x},#{cursor_y}") == "1 8,3" },
                "focused on appear, the cursor at the field's start: \(pane("#{cursor_flag} #{cursor_x},#{cursor_y}"))")
        keys("-l", "disk full on web-1")
        keys("BSpace")
        keys("-l", "01")
        #expect(waitUntil { screen().contains("title disk full on web-01") && pane("#{cursor_x},#{cursor_y}") == "27,3" }, "\(screen())")
        _ = tmux("set-buffer", "\n(大阪 too)")
        _ = tmux("paste-buffer", "-p", "-t", "e2e")
        #expect(waitUntil { screen().contains("title disk full on web-01 (大阪 too)") && pane("#{cursor_x},#{cursor_y}") == "38,3" },
                "pasted whole, the line break a space, the wide characters two cells each:\n\(screen())")
        #expect(!screen().contains("1 filed"), "nothing submitted by the pasted line break")
        keys("Enter")
        #expect(waitUntil { screen().contains("Incidents · 1 filed") && screen().contains("minor    disk full on web-01 (大阪 too)") && screen().contains("open") }, "\(screen())")
        let filed = { self.screen().split(separator: "\n").first { $0.contains("web-01") }.map(String.init) ?? "" }
        #expect(waitUntil { filed().hasSuffix("secs") || filed().hasSuffix("sec") }, "how long ago, from the stored date: \(filed())")
        let before = filed()
        #expect(waitUntil { filed() != before }, "the text's clock moves it: \(before) → \(filed())")
        #expect(waitUntil { screen().contains("title what happened?") && pane("#{cursor_x},#{cursor_y}") == "8,3" }, "the form is cleared for the next")
        keys("BTab")
        keys("Enter")
        #expect(waitUntil { screen().contains("minor: 1") && screen().contains("critical: 0") && screen().contains("████████") },
                "the summary tab, its bars from the store's counts:\n\(screen())")
        // Back with a click on the first tab's label, as the terminal reports it (SGR, 1-based).
        let bar = screen().split(separator: "\n", omittingEmptySubsequences: false)
        let labelRow = bar.firstIndex { $0.contains("Summary") }!
        let labelColumn = bar[labelRow].distance(from: bar[labelRow].startIndex, to: bar[labelRow].range(of: "Incidents")!.lowerBound)
        keys("-l", "\u{1B}[<0;\(labelColumn + 2);\(labelRow + 1)M\u{1B}[<0;\(labelColumn + 2);\(labelRow + 1)m")
        #expect(waitUntil { screen().contains("Title") && screen().contains("minor    disk full on web-01 (大阪 too)") }, "back to the table:\n\(screen())")
        let stored = spawnAndWait(Self.binaries.appendingPathComponent("loom").path, ["get", "/incidents/0/title"], environment: ["LOOM_SOCKET": incidents.socket])
        #expect(stored.output == "\"disk full on web-01 (大阪 too)\"\n", "a transaction in the store: \(stored.output)")
        // The row's title is a button: Enter opens the sheet that resolves the incident, over
        // the scene, its field focused; what is typed there is submitted with Enter.
        for _ in 0..<4 { keys("Tab") }
        keys("Enter")
        #expect(waitUntil { screen().contains("Resolve “disk full on web-01 (大阪 too)”") && screen().contains("what fixed it?") }, "the sheet:\n\(screen())")
        keys("-l", "rebooted")
        #expect(waitUntil { screen().contains("rebooted") }, "the sheet's field has the keys:\n\(screen())")
        keys("Enter")
        #expect(waitUntil { !screen().contains("what fixed it?") && screen().contains("resolved") }, "resolved, the sheet gone:\n\(screen())")
        let resolution = spawnAndWait(Self.binaries.appendingPathComponent("loom").path, ["get", "/incidents/0/resolution"], environment: ["LOOM_SOCKET": incidents.socket])
        #expect(resolution.output == "\"rebooted\"\n", "\(resolution.output)")
        keys("C-]")
        #expect(shellIsBack(status: "0"))
        #expect(pane("#{cursor_flag}") == "1", "the shell's cursor is shown again")
    }

    /// A daemon shared with everyone (`--socket-mode 0666`): a user the daemon lets only
    /// observe runs plain `loom attach` and is attached as an observer, told so in one line that
    /// stays on the terminal after the viewer leaves.
    @Test func aUserWhoMayOnlyObserveIsAttachedAsAnObserverWithANotice() {
        let shared = DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { shared.kill() }
        openPane()
        type("/usr/sbin/runuser -u nobody -- env LOOM_SOCKET=\(shared.socket) \(Self.binaries.path)/loom attach dashboard")
        #expect(waitUntil { screen().contains("Loom · operations") }, "\(screen())")
        keys("C-]")
        #expect(shellIsBack(status: "0"), "\(screen())")
        #expect(screen().contains("this user may only observe dashboard; attached as an observer"), "\(screen())")
    }

    @Test func highlightUpdatesMarksTheRowsWhoseViewsWereReevaluated() {
        seed()
        openPane()
        // Marks that stay two seconds: long enough to be seen however busy the machine is.
        type("loom attach --highlight-updates --highlight-ms 2000 dashboard")
        #expect(waitUntil { screen().contains("build the 日本語 docs") })
        _ = loom("merge", "/jobs/build-1", #"{"progress": 0.9}"#)
        // The re-evaluated row is drawn on magenta (SGR 45) for a moment, then redrawn plain.
        let marked = { self.screen(escapes: true).split(separator: "\n").contains { $0.contains("build the") && $0.contains("45m") } }
        #expect(waitUntil { self.screen().contains("90%") && marked() })
        #expect(waitUntil { !marked() }, "the mark expires")
        #expect(!screen(escapes: true).split(separator: "\n").contains { $0.contains("unit tests") && $0.contains("45m") }, "other rows were not marked")
        keys("C-]")
    }

    /// A message the viewer cannot read (a `grid_scroll` with its edges reversed, which would
    /// trap a viewer that applied it) is skipped; the viewer asks for a keyframe by saying its
    /// size again, and shows it. The daemon here is a fake that sends exactly that.
    @Test func aSceneDocumentAppliedUnderTwoAttachedViewersRedrawsBothAndARefusedOneChangesNothing() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = repository.appendingPathComponent("docs/examples/scenes/jobs.json")
        let board = try String(contentsOf: example, encoding: .utf8)
        let file = directory + "/jobs.json"
        try board.write(toFile: file, atomically: true, encoding: .utf8)
        _ = loom("scene", "apply", "jobs", file)
        _ = loom("set", "/jobs/build", #"{"status": "running", "progress": 0.4}"#)
        _ = loom("set", "/jobs/test", #"{"status": "failed"}"#)
        openPane(width: 50, height: 8)
        openPane(session: "second", width: 50, height: 8)
        type("loom attach jobs")
        type(in: "second", "loom attach jobs")
        func both(show expected: String) -> Bool {
            waitUntil { self.screen() == expected && self.screen(of: "second") == expected }
        }
        let first = normalized(loom("snapshot", "jobs", "--size", "50x8"))
        #expect(first.hasPrefix("Jobs\n"))
        #expect(both(show: first), "both viewers show the scene: \(screen()) / \(screen(of: "second"))")

        try board.replacingOccurrences(of: #"{"Text": "Jobs""#, with: #"{"Text": "Jobs of the night""#).write(toFile: file, atomically: true, encoding: .utf8)
        _ = loom("scene", "apply", "jobs", file)
        let second = normalized(loom("snapshot", "jobs", "--size", "50x8"))
        #expect(second.hasPrefix("Jobs of the night\n"))
        #expect(both(show: second), "both viewers are redrawn without detaching: \(screen()) / \(screen(of: "second"))")

        try #"{"loom": 1, "body": {"Txt": "nothing"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let refused = spawnAndWait(Self.binaries.appendingPathComponent("loom").path, ["scene", "apply", "jobs", file], environment: ["LOOM_SOCKET": socket])
        #expect(refused.status == 1, "the document is refused (its message is pinned in SceneDocumentDaemonTests)")
        usleep(200_000)
        #expect(screen() == second && screen(of: "second") == second, "a refused document changes no screen")
        keys("C-]")
        keys(in: "second", "C-]")
        #expect(shellIsBack(status: "0"), "the viewer quit cleanly: \(screen())")
    }

    @Test func aViewerScrollsALogBackAndReadsUndisturbedWhileAnotherFollowsItsEnd() throws {
        let file = directory + "/log.json"
        try #"{"loom": 1, "body": {"LogView": {"data": "/log", "line": {"Text": "{$value}"}}}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        _ = loom("scene", "apply", "log", file)
        func log(_ count: Int) -> String { "[" + (1...count).map { "\"line \($0)\"" }.joined(separator: ", ") + "]" }
        _ = loom("set", "/log", log(20))
        openPane(width: 30, height: 4)
        openPane(session: "second", width: 30, height: 4)
        type("loom attach log")
        type(in: "second", "loom attach log")
        #expect(waitUntil { self.screen() == "line 17\nline 18\nline 19\nline 20" && self.screen(of: "second") == self.screen() },
                "both follow the end: \(screen())")

        keys("Tab")
        keys("PageUp")
        #expect(waitUntil { self.screen().hasPrefix("line 14\nline 15\nline 16\nline 17") }, "the first scrolled back a page: \(screen())")
        let reading = screen()
        _ = loom("set", "/log", log(21))
        #expect(waitUntil { self.screen(of: "second") == "line 18\nline 19\nline 20\nline 21" }, "the second follows: \(screen(of: "second"))")
        #expect(screen() == reading, "the first reads undisturbed")

        keys("PageDown")
        keys("PageDown")
        _ = loom("set", "/log", log(22))
        #expect(waitUntil { self.screen().split(separator: "\n").last?.hasPrefix("line 22") == true }, "back at the end, it follows again: \(screen())")
        keys("C-]")
        keys(in: "second", "C-]")
        #expect(shellIsBack(status: "0"), "the viewer quit cleanly: \(screen())")
    }

    @Test func aMessageTheViewerCannotReadIsSkippedAndAKeyframeAskedFor() throws {
        let fake = try FakeDaemon(path: directory + "/fake.sock")
        openPane(width: 40, height: 6)
        type("LOOM_SOCKET=\(fake.path) loom attach board")
        #expect(waitUntil { screen().contains("after resync") }, "\(screen())")
        #expect(fake.resizes.load(ordering: .relaxed) >= 1, "the viewer asked for a keyframe")
        keys("C-]")
        #expect(shellIsBack(status: "0"))
    }
}

/// A daemon that says one thing a viewer cannot read, then answers a `resize` with a keyframe.
private final class FakeDaemon: Sendable {
    let path: String
    let resizes = Atomic<Int>(0)

    init(path: String) throws {
        self.path = path
        let listener = UnixSocketAddress.socket()
        let address = try #require(UnixSocketAddress(path))
        try #require(address.bind(listener) == 0 && listen(listener, 1) == 0, "the fake daemon listens")
        Thread { [self] in serve(accept(listener, nil, nil)) }.start()
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        var decoder = MessageDecoder()
        var chunk = [UInt8](repeating: 0, count: 4_096)
        var sequence: Int64 = 0
        func frame(_ text: String, _ extra: [Message] = []) -> [UInt8] {
            sequence += 1
            let messages: [Message] = [.keyframe(width: 40, height: 6), .grid(.line(row: 0, column: 0, runs: [CellRun(text)]))] + extra + [.flush(sequence: sequence)]
            return messages.flatMap { BinaryCodec.record($0) }
        }
        while true {
            let count = read(client, &chunk, chunk.count)
            guard count > 0, let results = try? decoder.feed(Array(chunk[0..<count])) else { return }
            for case .success(let message) in results {
                switch message {
                case .hello(let id, _, let role, _, _):
                    send(JSONCodec.line(.welcome(id: id, version: 1, role: role ?? .viewer, server: "fake")))
                case .attach(let id, _, _, _, _):
                    send(BinaryCodec.record(.ok(id: id, revision: nil))
                         + frame("before", [.grid(.scroll(top: 4, bottom: 1, left: 0, right: 40, rows: 1))]))
                case .resize:
                    resizes.add(1, ordering: .relaxed)
                    send(frame("after resync"))
                case .detach(let id):
                    send(BinaryCodec.record(.ok(id: id, revision: nil)))
                default:
                    break
                }
            }
        }
    }
}
