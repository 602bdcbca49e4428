import Foundation
import Glibc
import LoomClient
import LoomJSON
import LoomTestSupport
import LoomWire

/// `instructions`: what one update costs in instructions executed, counted by callgrind, which
/// unlike CPU time does not move with the machine's load or with how cold its caches are.
///
/// Each figure is the difference of two runs that differ only in the number of updates
/// (`short` and `long`), divided by the difference: starting, attaching and the first frames
/// cancel out.
///
/// - `daemon_instructions_per_mutation`: the daemon's thread (everything under libuv's
///   `uv_run`) for one `set` of one row's field, its frame to one viewer and the viewer's
///   acknowledgement: this program's `fanout --quick --viewers 1`, run under callgrind.
/// - `daemon_instructions_per_mutation_document`: the same with the list declared as a scene
///   document (`--document`), as an operator's board is.
/// - `viewer_instructions_per_frame`: the real `loom attach` (release) under callgrind, in a
///   pseudo-terminal of 80x24, shown the benchmark's list; one row's value flips between 0
///   and 1 every 50 ms (a one-cell frame each: read, decoded, applied, written to the terminal,
///   acknowledged).
///
/// - `daemon_memory_lines_per_mutation` and `daemon_code_lines_per_mutation`: the cache lines
///   (of 64 bytes) of code and data a mutation touches that a small cache (`cacheSimulation`)
///   does not keep from the mutations before it, with this program's clients running between
///   them as they do. A mutation after idleness fetches about these from memory, one after
///   another, and at `peers`' cadence that costs more than its instructions do
///   (docs/BENCHMARKS.md, "The floor and the footprint"): the figure a change to the footprint
///   is judged by. (The viewer is alone in its process: its frame stays in such a cache from
///   one frame to the next, so the simulation says nothing of its footprint.)
///
/// The functions the longer runs ran more of (of all three pairs) are those an update runs:
/// `--hot-functions FILE` writes them there (`make hot-functions` into `release/hot-functions.order`, the order in which
/// release builds lay out their code), and `functions_per_update_laid_out` says how many of them
/// that file still lists.
/// `daemon_code_pages_per_mutation` says how the linker followed it: the pages the daemon's
/// update runs code from, in this program as linked.
///
/// Skipped, with a message, when valgrind is not installed. With `LOOM_BENCH_CALLGRIND_DIR`
/// set, the six callgrind files are kept in that directory (made if missing), named by side
/// and run length, for `callgrind_annotate` to say where the instructions go.
enum InstructionsBenchmark {
    static var short: Int { Bench.quick ? 2 : 20 }
    static var long: Int { Bench.quick ? 4 : 120 }

    static func run() -> [Figure] {
        guard FileManager.default.isExecutableFile(atPath: valgrind) else {
            FileHandle.standardError.write(Data("instructions: skipped: valgrind is not installed (apt-get install valgrind)\n".utf8))
            return []
        }
        do {
            // Made if missing: callgrind itself only says it could not write its file.
            if let keptIn { try FileManager.default.createDirectory(atPath: keptIn, withIntermediateDirectories: true) }
            let daemon = try perUpdate { try daemonProfile(mutations: $0, document: false) }
            let document = try perUpdate { try daemonProfile(mutations: $0, document: true) }
            let viewer = try perUpdate { try viewerProfile(frames: $0) }
            var seen = Set<String>()
            let functions = (daemon.functions + document.functions + viewer.functions).filter { seen.insert($0).inserted }
            // Read before it is written anew: how well the order the build was linked in fits.
            let laidOut = Set(((try? String(contentsOf: order, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init))
            if let path = Bench.hotFunctions {
                guard FileManager.default.createFile(atPath: path, contents: Data(functions.map { $0 + "\n" }.joined().utf8)) else {
                    throw BenchFailure("cannot write \(path)")
                }
            }
            return [
                Figure(key: "daemon_instructions_per_mutation", value: daemon.instructions, unit: "instr",
                       meaning: "daemon thread, one row's field set, one viewer (callgrind; target <= 60,000)"),
                Figure(key: "daemon_instructions_per_mutation_document", value: document.instructions, unit: "instr",
                       meaning: "the same, the list declared as a scene document"),
                Figure(key: "viewer_instructions_per_frame", value: viewer.instructions, unit: "instr",
                       meaning: "loom attach, one-cell frame at 80x24 (callgrind; target <= 15,000)"),
                Figure(key: "daemon_memory_lines_per_mutation", value: daemon.lines, unit: "lines",
                       meaning: "code and data lines of it a 128 KB cache does not keep (callgrind's simulation): fetched from memory after idleness"),
                Figure(key: "daemon_code_lines_per_mutation", value: daemon.codeLines, unit: "lines", meaning: "of those, code"),
                Figure(key: "functions_per_update", value: Double(functions.count), unit: "functions",
                       meaning: "functions an update runs, in the daemon and the viewer"),
                Figure(key: "functions_per_update_laid_out", value: Double(functions.filter(laidOut.contains).count) / Double(max(functions.count, 1)),
                       unit: "share", meaning: "of those, the share release builds lay out first (release/hot-functions.order; target >= 0.9, else make hot-functions)"),
                Figure(key: "daemon_code_pages_per_mutation", value: Double(try pages(of: daemon.functions, in: Bench.thisProgram.path)), unit: "pages",
                       meaning: "4 KiB pages the functions of the daemon's update lie in, in this program as linked"),
            ]
        } catch {
            Bench.failed("instructions", error)
        }
    }

    /// The 4 KiB pages that the bodies of `functions` lie in, in `binary` (`nm`'s addresses and
    /// sizes; a function defined elsewhere, in libc or libuv, is not counted): what a wake after
    /// idleness brings back into the caches and the TLB page by page, and whether the linker
    /// followed the order. Laid out, the daemon's own functions share about 60 pages; the
    /// standard library's, which the linker cannot move (docs/BENCHMARKS.md, "Code layout"),
    /// take about 35 more, one or two each.
    static func pages(of functions: [String], in binary: String) throws -> Int {
        let (status, output) = spawnAndWait("/usr/bin/nm", ["--defined-only", "--print-size", binary])
        guard status == 0 else { throw BenchFailure("nm could not read \(binary) (status \(status); apt-get install binutils)") }
        let wanted = Set(functions)
        var pages = Set<UInt64>()
        for line in output.split(separator: "\n") {
            // address, size, type, name; a symbol without a size has no second column
            let words = line.split(separator: " ")
            guard words.count == 4, "tTwW".contains(words[2]), wanted.contains(String(words[3])),
                  let address = UInt64(words[0], radix: 16), let size = UInt64(words[1], radix: 16),
                  size <= largestFunction, address <= UInt64.max - largestFunction else { continue }
            pages.formUnion((address >> 12)...((address + max(size, 1) - 1) >> 12))
        }
        return pages.count
    }

    /// A symbol `nm` says is larger is not a function's body (none of ours is a tenth of it):
    /// left out of the pages rather than counted as thousands of them.
    private static let largestFunction: UInt64 = 1 << 20

    /// The symbol order release builds give the linker (the Makefile's `SHIPPED`).
    static let order = PeersBenchmark.repository.appendingPathComponent("release/hot-functions.order")

    private static let valgrind = "/usr/bin/valgrind"

    /// (instructions of the long run − of the short run) / (long − short), the same of the lines
    /// missed, and the functions the long run ran more of.
    private static func perUpdate(_ profile: (Int) throws -> CallgrindProfile) throws
        -> (instructions: Double, lines: Double, codeLines: Double, functions: [String]) {
        let few = try profile(short), many = try profile(long)
        func perUpdate(_ count: (CallgrindProfile) -> Int?) -> Double { Double((count(many) ?? 0) - (count(few) ?? 0)) / Double(long - short) }
        return (perUpdate { $0.total }, perUpdate(\.linesMissed), perUpdate(\.codeLinesMissed), CallgrindProfile.functionsRun(from: few, to: many))
    }

    /// The cache callgrind simulates: 16 KB first levels and a 128 KB last level, small enough
    /// that what an update misses is what it touches that the updates before it did not leave
    /// in a cache (about what it fetches after idleness, when others' work has evicted it).
    private static let cacheSimulation = ["--cache-sim=yes", "--I1=16384,4,64", "--D1=16384,4,64", "--LL=131072,8,64"]

    /// This program's fanout scenario with one viewer and `mutations` mutations (of the list
    /// as a scene document, with `document`), its daemon thread counted.
    private static func daemonProfile(mutations: Int, document: Bool) throws -> CallgrindProfile {
        let output = profilePath(document ? "daemon-document" : "daemon", mutations)
        defer { discard(output) }
        let arguments = ["--tool=callgrind", "--demangle=no", "--callgrind-out-file=\(output)", "--toggle-collect=uv_run"] + cacheSimulation
            + [Bench.thisProgram.path, "fanout", "--quick", "--viewers", "1", "--mutations", String(mutations)]
            + (document ? ["--document"] : [])
        let (status, _) = spawnAndWait(valgrind, arguments, captureOutput: false)
        guard status == 0 else { throw BenchFailure("the fanout run under callgrind failed (status \(status))") }
        return try CallgrindProfile(contentsOf: output)
    }

    /// `loom attach` under callgrind, shown `frames` one-cell frames.
    private static func viewerProfile(frames: Int) throws -> CallgrindProfile {
        let (daemon, control) = try FanoutBenchmark.start(rows: 1_000)
        defer { daemon.shutDown() }
        let output = profilePath("viewer", frames)
        defer { discard(output) }
        var environment = PeersBenchmark.terminalEnvironment
        environment["LOOM_SOCKET"] = daemon.socket
        let terminal = try PseudoTerminal([valgrind, "--tool=callgrind", "--demangle=no", "--callgrind-out-file=\(output)", Bench.program("loom").path, "attach", "rows"],
                                          environment: environment, width: 80, height: 24)
        defer { terminal.stop() }
        try terminal.waitUntilQuiet(within: 120)
        for frame in 0..<frames {
            _ = try control.request { .set(id: $0, path: "/rows/0/value", value: .int(Int64(1 - frame % 2))) }
            Thread.sleep(forTimeInterval: PeersBenchmark.interval)
        }
        try terminal.waitUntilQuiet(within: 60)
        kill(terminal.pid, SIGTERM)
        terminal.wait(seconds: 60)
        return try CallgrindProfile(contentsOf: output)
    }

    private static let keptIn = ProcessInfo.processInfo.environment["LOOM_BENCH_CALLGRIND_DIR"]

    /// Where a run's callgrind file goes: kept in `LOOM_BENCH_CALLGRIND_DIR`, else a temporary file.
    private static func profilePath(_ side: String, _ updates: Int) -> String {
        if let keptIn { return keptIn + "/callgrind.\(side).\(updates)" }
        return NSTemporaryDirectory() + "loom-callgrind-\(side)-\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    private static func discard(_ path: String) {
        if keptIn == nil { unlink(path) }
    }
}
