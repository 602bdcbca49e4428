import Foundation
import LoomClient
import LoomDaemon
import LoomWire

/// `peers`: the same scenario — a list of N rows, one row's flag toggled every 50 ms — in
/// Textual (Python; installed into a virtual environment under .build on first use) and in
/// Loom (the daemon, and the real `loom attach` viewer), each under a pseudo-terminal of the
/// same size, measured the same way: CPU of everything involved per update (Textual's process;
/// Loom's daemon thread and viewer process, from the scheduler's counts) and bytes written to
/// the terminal per update. Start-up is not measured: both are idle and drawn before it starts.
enum PeersBenchmark {
    static let interval = 0.05
    static var updates: Int { Bench.quick ? 10 : 100 }
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func run() -> [Figure] {
        guard let python = textual() else { return [] }
        var figures: [Figure] = []
        let configurations = Bench.quick ? [(1_000, 80, 24)] : [(1_000, 80, 24), (1_000, 200, 50), (100_000, 80, 24), (100_000, 200, 50)]
        do {
            for (rows, width, height) in configurations {
                let name = "\(rows >= 100_000 ? "100k" : "1k")_\(width)x\(height)"
                let loom = try measureLoom(rows: rows, width: width, height: height)
                let peer = try measureTextual(python: python, rows: rows, width: width, height: height)
                figures += [
                    Figure(key: "loom_cpu_us_per_update_\(name)", value: loom.cpu, unit: "us", meaning: "Loom: daemon and viewer CPU per update, \(rows) rows, \(width)x\(height)"),
                    Figure(key: "textual_cpu_us_per_update_\(name)", value: peer.cpu, unit: "us", meaning: "Textual (DataTable): CPU per update, the same list"),
                    Figure(key: "cpu_ratio_\(name)", value: peer.cpu / max(loom.cpu, 1), unit: "x", meaning: "Textual's CPU per update over Loom's (target >= 50)"),
                    Figure(key: "loom_term_bytes_per_update_\(name)", value: loom.bytes, unit: "bytes", meaning: "Loom: bytes written to the terminal per update"),
                    Figure(key: "textual_term_bytes_per_update_\(name)", value: peer.bytes, unit: "bytes", meaning: "Textual: bytes written to the terminal per update"),
                ]
            }
        } catch {
            Bench.failed("peers", error)
        }
        return figures
    }

    /// Textual's Python, installing it into .build/peers-venv when needed; nil (with a message
    /// saying why, and what to do) when it cannot be had.
    private static func textual() -> String? {
        let venv = repository.appendingPathComponent(".build/peers-venv").path
        let python = venv + "/bin/python"
        func run(_ arguments: [String]) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        if run([python, "-c", "import textual"]) { return python }
        FileHandle.standardError.write(Data("peers: installing Textual into \(venv)…\n".utf8))
        guard run(["python3", "-m", "venv", venv]), run([venv + "/bin/pip", "install", "-q", "textual"]), run([python, "-c", "import textual"]) else {
            FileHandle.standardError.write(Data("""
                peers: skipped: Textual is unavailable (python3 -m venv and pip install textual into \(venv) failed; \
                Debian needs python3-venv, and PyPI must be reachable)\n
                """.utf8))
            return nil
        }
        return python
    }

    private static let terminalEnvironment = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    private static func measureTextual(python: String, rows: Int, width: Int, height: Int) throws -> (cpu: Double, bytes: Double) {
        let marker = NSTemporaryDirectory() + "loom-peers-\(UUID().uuidString.prefix(8))"
        defer { unlink(marker) }
        let script = repository.appendingPathComponent("Sources/LoomBench/Peers/textual_list.py").path
        var environment = terminalEnvironment
        environment["HOME"] = NSTemporaryDirectory()
        let terminal = try PseudoTerminal([python, script, String(rows), String(updates), String(interval), marker],
                                          environment: environment, width: width, height: height)
        defer { terminal.stop() }
        func marked(_ word: String, within seconds: Double) throws {
            let deadline = Date().addingTimeInterval(seconds)
            while (try? String(contentsOfFile: marker, encoding: .utf8)) != word {
                guard Date() < deadline else { throw BenchFailure("Textual did not say \(word) within \(Int(seconds)) s") }
                usleep(5_000)
            }
        }
        try marked("ready", within: 300)
        let (cpu, bytes) = (terminal.cpuNanoseconds, terminal.bytes)
        try marked("done", within: 60 + Double(updates) * interval * 10)
        return ((terminal.cpuNanoseconds - cpu) / 1_000 / Double(updates), Double(terminal.bytes - bytes) / Double(updates))
    }

    private static func measureLoom(rows: Int, width: Int, height: Int) throws -> (cpu: Double, bytes: Double) {
        let (daemon, control) = try FanoutBenchmark.start(rows: rows)
        defer { daemon.shutDown() }
        var environment = terminalEnvironment
        environment["LOOM_SOCKET"] = daemon.socket
        let loom = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loom").path
        let terminal = try PseudoTerminal([loom, "attach", "rows"], environment: environment, width: width, height: height)
        defer { terminal.stop() }
        // Drawn and idle before measuring, as Textual is.
        var settled = 0
        while terminal.bytes == 0 || settled != terminal.bytes {
            settled = terminal.bytes
            Thread.sleep(forTimeInterval: 0.5)
        }
        let cpu = Double(daemon.cpuNanoseconds) + terminal.cpuNanoseconds, bytes = terminal.bytes
        for update in 0..<updates {
            let row = update % 10
            _ = try control.request { .set(id: $0, path: "/rows/\(row)/value", value: .string((update / 10) % 2 == 0 ? "on" : "off")) }
            Thread.sleep(forTimeInterval: interval)
        }
        Thread.sleep(forTimeInterval: interval)
        let spent = Double(daemon.cpuNanoseconds) + terminal.cpuNanoseconds - cpu
        return (spent / 1_000 / Double(updates), Double(terminal.bytes - bytes) / Double(updates))
    }
}
