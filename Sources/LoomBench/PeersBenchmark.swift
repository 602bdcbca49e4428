import Foundation
import LoomClient
import LoomDaemon
import LoomWire

/// `peers`: the same scenario — a list of N rows, one row's flag toggled every 50 ms, the change
/// arriving from outside the view — in Loom and in its peers, each under a pseudo-terminal of the
/// same size, measured the same way: the CPU each spends per update (the scheduler's counts) and
/// the bytes that reach the terminal per update. Start-up is not measured: each is drawn and
/// idle first.
///
/// | peer | what runs | CPU counted |
/// |---|---|---|
/// | `loom` | the daemon (in this process) and the real `loom attach`; a control client's `set` | the daemon's thread and the viewer |
/// | `textual_line_api` | Textual's `ScrollView` with `render_line`, `refresh_line` for the changed row (its cheapest list) | its process |
/// | `textual_datatable` | Textual's `DataTable`, `update_cell` | its process |
/// | `bubbletea` | Bubble Tea (Debian's), its `View` building only the visible rows | its process |
/// | `tmux` | a tmux server forwarding a minimal app that writes the changed row alone | the server |
/// | `floor` | Loom's shape doing nothing: a daemon thread that replies and passes the row's bytes to a viewer that writes them and acknowledges (`WakeFloor`) | the daemon's thread and the viewer |
///
/// Textual is installed with pip into .build/peers-venv, Bubble Tea built from Debian's
/// packages into .build/peers-go (apt-get installs them when run as root); a peer that cannot
/// be had is skipped with a message saying why.
enum PeersBenchmark {
    static let interval = 0.05
    static var updates: Int { Bench.quick ? 10 : 100 }
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    private static let peers = repository.appendingPathComponent("Sources/LoomBench/Peers").path

    /// What one peer cost per update.
    private struct Cost {
        let cpu: Double
        let bytes: Double
        /// Loom's CPU by process (daemon, viewer), to see which one an update's cost is in, and
        /// the daemon's for a `ping` at the same cadence: the cost of waking it at all.
        var parts: [(key: String, meaning: String, cpu: Double)] = []

        /// Its figures: CPU and terminal bytes per update, and its parts, keys ending in `suffix`.
        func figures(peer: String, meaning: String, configuration: String, suffix: String) -> [Figure] {
            [Figure(key: "cpu_us_per_update_\(peer)\(suffix)", value: cpu, unit: "us", meaning: "\(meaning): CPU per update, \(configuration)"),
             Figure(key: "term_bytes_per_update_\(peer)\(suffix)", value: bytes, unit: "bytes", meaning: "\(meaning): bytes to the terminal per update")]
                + parts.map { Figure(key: $0.key + suffix, value: $0.cpu, unit: "us", meaning: $0.meaning) }
        }
    }

    /// `floor` alone, at 80x24: what two processes in Loom's shape cost per update on this
    /// machine with no work at all (`WakeFloor`), without installing the peers.
    static func floor() -> [Figure] {
        guard let viewer = floorViewerProgram() else { return [] }
        do {
            return try measureFloor(viewer, width: 80, height: 24).figures(peer: "floor", meaning: floorMeaning, configuration: "80x24", suffix: "")
        } catch {
            Bench.failed("floor", error)
        }
    }

    private static let floorMeaning = "The floor of Loom's shape (two processes passing the row along, no work)"

    static func run() -> [Figure] {
        let python = textual(), bubbleTea = bubbleTeaProgram(), tmux = tmuxProgram(), floorViewer = floorViewerProgram()
        var figures: [Figure] = []
        let configurations = Bench.quick ? [(1_000, 80, 24)] : [(1_000, 80, 24), (1_000, 200, 50), (100_000, 80, 24), (100_000, 200, 50)]
        do {
            for (rows, width, height) in configurations {
                let name = "\(rows >= 100_000 ? "100k" : "1k")_\(width)x\(height)"
                var costs: [(peer: String, meaning: String, cost: Cost)] = []
                costs.append(("loom", "Loom: daemon and viewer", try measureLoom(rows: rows, width: width, height: height)))
                if let python {
                    for mode in ["line-api", "datatable"] {
                        let cost = try measureMarked(width: width, height: height, home: true) { marker in
                            [python, "\(peers)/textual_list.py", mode, String(rows), String(updates), String(interval), marker]
                        }
                        costs.append(("textual_" + mode.replacingOccurrences(of: "-", with: "_"), "Textual (\(mode))", cost))
                    }
                }
                if let bubbleTea {
                    let cost = try measureMarked(width: width, height: height) { [bubbleTea, String(rows), String(updates), String(interval), $0] }
                    costs.append(("bubbletea", "Bubble Tea (standard renderer)", cost))
                }
                if let tmux {
                    costs.append(("tmux", "tmux's server forwarding a minimal app", try measureTmux(tmux, rows: rows, width: width, height: height)))
                }
                if let floorViewer {
                    costs.append(("floor", floorMeaning, try measureFloor(floorViewer, width: width, height: height)))
                }
                for (peer, meaning, cost) in costs {
                    figures += cost.figures(peer: peer, meaning: meaning, configuration: "\(rows) rows, \(width)x\(height)", suffix: "_" + name)
                }
                if let floor = costs.first(where: { $0.peer == "floor" })?.cost {
                    figures.append(Figure(key: "cpu_us_above_floor_loom_\(name)", value: costs[0].cost.cpu - floor.cpu, unit: "us",
                                          meaning: "Loom's CPU per update above the floor of its shape: its own code"))
                }
                let loom = max(costs[0].cost.cpu, 1)
                for (peer, target) in [("textual_line_api", ">= 20"), ("bubbletea", "> 1")] {
                    guard let cost = costs.first(where: { $0.peer == peer })?.cost else { continue }
                    figures.append(Figure(key: "cpu_ratio_vs_\(peer)_\(name)", value: cost.cpu / loom, unit: "x",
                                          meaning: "\(peer)'s CPU per update over Loom's (target \(target))"))
                }
            }
        } catch {
            Bench.failed("peers", error)
        }
        return figures
    }

    // MARK: - The peers' programs

    /// Runs a command, quietly; whether it succeeded.
    private static func succeeds(_ arguments: [String], environment: [String: String]? = nil) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private static func skipped(_ message: String) {
        FileHandle.standardError.write(Data("peers: skipped: \(message)\n".utf8))
    }

    /// Textual's Python, installing it into .build/peers-venv when needed.
    private static func textual() -> String? {
        let venv = repository.appendingPathComponent(".build/peers-venv").path
        let python = venv + "/bin/python"
        if succeeds([python, "-c", "import textual"]) { return python }
        FileHandle.standardError.write(Data("peers: installing Textual into \(venv)…\n".utf8))
        guard succeeds(["python3", "-m", "venv", venv]), succeeds([venv + "/bin/pip", "install", "-q", "textual"]),
              succeeds([python, "-c", "import textual"]) else {
            skipped("Textual is unavailable (python3 -m venv and pip install textual into \(venv) failed; Debian needs python3-venv, and PyPI must be reachable)")
            return nil
        }
        return python
    }

    /// The Bubble Tea list, built offline from Debian's packages (installed by apt-get when
    /// missing and run as root) into .build/peers-go.
    private static func bubbleTeaProgram() -> String? {
        let library = "/usr/share/gocode/src/github.com/charmbracelet/bubbletea"
        if !FileManager.default.fileExists(atPath: library) || !succeeds(["go", "version"]) {
            FileHandle.standardError.write(Data("peers: installing Go and Bubble Tea (apt-get)…\n".utf8))
            guard getuid() == 0, succeeds(["apt-get", "install", "-y", "-q", "golang-go", "golang-github-charmbracelet-bubbletea-dev"],
                                          environment: ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]) else {
                skipped("Bubble Tea is unavailable (needs Debian's golang-go and golang-github-charmbracelet-bubbletea-dev; apt-get install them as root)")
                return nil
            }
        }
        let directory = repository.appendingPathComponent(".build/peers-go").path
        let program = directory + "/bubbletea_list"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["GO111MODULE"] = "off"
        environment["GOPATH"] = "/usr/share/gocode"
        environment["GOCACHE"] = directory + "/cache"
        guard succeeds(["go", "build", "-o", program, "\(peers)/bubbletea_list.go"], environment: environment) else {
            skipped("Bubble Tea's list did not build (go build with GOPATH=/usr/share/gocode)")
            return nil
        }
        return program
    }

    private static func tmuxProgram() -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            skipped("tmux is not installed (/usr/bin/tmux)")
            return nil
        }
        return "/usr/bin/tmux"
    }

    /// The floor's viewer half, built with the system's C compiler into .build/peers-c.
    private static func floorViewerProgram() -> String? {
        let directory = repository.appendingPathComponent(".build/peers-c").path
        let program = directory + "/floor_viewer"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard succeeds(["cc", "-O2", "-o", program, "\(peers)/floor_viewer.c"]) else {
            skipped("the floor's viewer did not build (cc -O2 \(peers)/floor_viewer.c; Debian's gcc provides cc)")
            return nil
        }
        return program
    }

    // MARK: - Measuring

    static let terminalEnvironment = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    /// A program that writes "ready" to a marker file (whose path `command` puts in its
    /// arguments) before its first update and "done" after its last, run under a
    /// pseudo-terminal: the CPU of its threads (or of process `measured`'s) and the terminal's
    /// bytes between the two.
    private static func measureMarked(width: Int, height: Int, home: Bool = false, measured: (() -> pid_t?)? = nil,
                                      command: (_ marker: String) -> [String]) throws -> Cost {
        let marker = NSTemporaryDirectory() + "loom-peers-\(UUID().uuidString.prefix(8))"
        defer { unlink(marker) }
        let arguments = command(marker)
        var environment = terminalEnvironment
        if home { environment["HOME"] = NSTemporaryDirectory() }
        let terminal = try PseudoTerminal(arguments, environment: environment, width: width, height: height)
        defer { terminal.stop() }
        let threads = { PseudoTerminal.threadCPU(of: measured?() ?? terminal.pid) }
        func marked(_ word: String, within seconds: Double) throws {
            let deadline = Date().addingTimeInterval(seconds)
            while (try? String(contentsOfFile: marker, encoding: .utf8)) != word {
                guard Date() < deadline else { throw BenchFailure("\(URL(fileURLWithPath: arguments[0]).lastPathComponent) did not say \(word) within \(Int(seconds)) s") }
                usleep(5_000)
            }
        }
        try marked("ready", within: 300)
        let (before, bytes) = (threads(), terminal.bytes)
        try marked("done", within: 60 + Double(updates) * interval * 10)
        let spent = PseudoTerminal.cpuSpent(from: before, to: threads())
        return Cost(cpu: spent / 1_000 / Double(updates), bytes: Double(terminal.bytes - bytes) / Double(updates))
    }

    /// tmux: a server of its own (a socket under /tmp), attached in the pseudo-terminal, its one
    /// pane running the minimal app; the server's CPU is what forwarding costs.
    private static func measureTmux(_ tmux: String, rows: Int, width: Int, height: Int) throws -> Cost {
        let socket = "loom-peers-\(getpid())"
        defer { _ = succeeds([tmux, "-L", socket, "kill-server"]) }
        var server: pid_t?
        let serverProcess = { () -> pid_t? in
            if server == nil { server = tmuxServer(tmux, socket: socket) }
            return server
        }
        return try measureMarked(width: width, height: height, measured: serverProcess) { marker in
            [tmux, "-L", socket, "-f", "/dev/null", "new-session", "python3 \(peers)/minimal_rows.py \(rows) \(updates) \(interval) \(marker)"]
        }
    }

    /// The pid of the tmux server on `socket`.
    private static func tmuxServer(_ tmux: String, socket: String) -> pid_t? {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-L", socket, "display-message", "-p", "#{pid}"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return pid_t(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `updates` requests at the cadence (`send` makes the one numbered by its argument): what
    /// each cost the daemon's thread and the viewer's process (per request, in µs), and the
    /// terminal's bytes.
    private static func perUpdate(terminal: PseudoTerminal, daemonCPU: () -> Int64, _ send: (Int) throws -> Void) throws
        -> (daemon: Double, viewer: Double, bytes: Double) {
        let (daemonBefore, viewerBefore, bytes) = (daemonCPU(), PseudoTerminal.threadCPU(of: terminal.pid), terminal.bytes)
        for update in 0..<updates {
            try send(update)
            Thread.sleep(forTimeInterval: interval)
        }
        Thread.sleep(forTimeInterval: interval)
        return (Double(daemonCPU() - daemonBefore) / 1_000 / Double(updates),
                PseudoTerminal.cpuSpent(from: viewerBefore, to: PseudoTerminal.threadCPU(of: terminal.pid)) / 1_000 / Double(updates),
                Double(terminal.bytes - bytes) / Double(updates))
    }

    /// The floor (`WakeFloor`): its daemon half's thread and its viewer's process, per update at
    /// the same cadence, after as many updates unmeasured to start from the same steady state as
    /// Loom's measurement (which a pass of `ping`s precedes).
    private static func measureFloor(_ viewer: String, width: Int, height: Int) throws -> Cost {
        let floor = try WakeFloor()
        defer { floor.stop() }
        let terminal = try PseudoTerminal([viewer, floor.socket], environment: terminalEnvironment, width: width, height: height)
        defer { terminal.stop() }
        try terminal.waitUntilQuiet(within: 60)
        let atCadence = { try perUpdate(terminal: terminal, daemonCPU: { floor.cpuNanoseconds }) { try floor.request(row: $0 % 10) } }
        _ = try atCadence()
        let update = try atCadence()
        return Cost(cpu: update.daemon + update.viewer, bytes: update.bytes,
                    parts: [("cpu_us_per_update_floor_daemon", "The floor: its daemon half's part of an update", update.daemon),
                            ("cpu_us_per_update_floor_viewer", "The floor: its viewer's part of an update", update.viewer)])
    }

    private static func measureLoom(rows: Int, width: Int, height: Int) throws -> Cost {
        let (daemon, control) = try FanoutBenchmark.start(rows: rows)
        defer { daemon.shutDown() }
        var environment = terminalEnvironment
        environment["LOOM_SOCKET"] = daemon.socket
        let terminal = try PseudoTerminal([Bench.program("loom").path, "attach", "rows"], environment: environment, width: width, height: height)
        defer { terminal.stop() }
        // Drawn and idle before measuring, as the peers are.
        try terminal.waitUntilQuiet(within: 300)
        func atCadence(_ request: @escaping (RequestID, Int) -> Message) throws -> (daemon: Double, viewer: Double, bytes: Double) {
            try perUpdate(terminal: terminal, daemonCPU: { daemon.cpuNanoseconds }) { update in _ = try control.request { request($0, update) } }
        }
        // What waking the daemon costs at this cadence, whatever it does once awake: a `ping`.
        let ping = try atCadence { id, _ in .ping(id: id) }
        let update = try atCadence { id, update in
            .set(id: id, path: "/rows/\(update % 10)/value", value: .string((update / 10) % 2 == 0 ? "on" : "off"))
        }
        return Cost(cpu: update.daemon + update.viewer, bytes: update.bytes,
                    parts: [("cpu_us_per_update_loom_daemon", "Loom: the daemon's part of an update", update.daemon),
                            ("cpu_us_per_update_loom_viewer", "Loom: the viewer's part of an update", update.viewer),
                            ("cpu_us_per_ping_loom_daemon", "Loom: the daemon's CPU for a ping at the same cadence (waking it at all)", ping.daemon)])
    }
}
