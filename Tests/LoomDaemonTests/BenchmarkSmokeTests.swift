import Foundation
import LoomJSON
import LoomTestSupport
import Testing

/// `loom-bench` is a program, not a test; but each scenario must run and report its keys, and
/// the figures that are counts rather than times (bodies, bytes) must meet their budgets.
@Suite("loom-bench, smoke runs", .serialized)
struct BenchmarkSmokeTests {
    private static let bench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loom-bench").path

    @Test(arguments: [
        ("fanout", ["p50_us_1", "p99_us_1", "max_us_1", "p50_us_4", "p99_us_4", "max_us_4", "p50_us_16", "p99_us_16", "max_us_16",
                    "p99_us_256", "p99_us_16_own", "daemon_cpu_us_16_own"]),
        ("throughput", ["mutations_per_s_pipelined", "mutations_per_s_tx100", "frames_per_s_per_viewer_pipelined", "frames_per_s_per_viewer_tx100"]),
        ("work", ["bodies_per_mutation", "frame_cpu_us_1k", "frame_cpu_us_100k", "frame_cpu_us_1m", "frame_cpu_ratio_1m_1k"]),
        ("scene", ["scene_bodies_per_mutation_swift", "scene_bodies_per_mutation_document", "scene_frame_cpu_us_swift_100k",
                   "scene_frame_cpu_us_document_100k", "scene_frame_cpu_ratio", "scene_frame_cpu_us_document_1k", "scene_frame_cpu_us_document_1m",
                   "scene_frame_cpu_ratio_1m_1k_document"]),
        ("bytes", ["wire_bytes_one_cell", "terminal_bytes_one_cell", "wire_bytes_full_200x50", "terminal_bytes_full_200x50"]),
        ("memory", ["ready_ms", "rss_idle_mb", "rss_per_viewer_kb", "rss_1m_rows_mb"]),
        ("floor", ["cpu_us_per_update_floor", "cpu_us_per_update_floor_daemon", "cpu_us_per_update_floor_viewer", "term_bytes_per_update_floor"]),
    ])
    func eachScenarioRunsAndReportsItsFigures(scenario: String, keys: [String]) throws {
        let errors = NSTemporaryDirectory() + "loom-bench-errors-\(scenario)-\(getpid())"
        defer { unlink(errors) }
        let run = spawnAndWait(Self.bench, [scenario, "--quick", "--json"], errorsTo: errors)
        #expect(run.status == 0, "loom-bench \(scenario) said: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
        let figures = try JSONParser.parse(run.output)
        for key in keys {
            #expect(figures[key]?.doubleValue.map { $0 >= 0 } == true, "\(scenario) reports \(key): \(run.output)")
        }
        // Counts, not times: budgets a test can hold.
        if scenario == "work" { #expect(figures["bodies_per_mutation"]?.doubleValue == 1) }
        if scenario == "scene" {
            #expect(figures["scene_bodies_per_mutation_swift"]?.doubleValue == 1)
            #expect(figures["scene_bodies_per_mutation_document"]?.doubleValue == 1)
        }
        // Each update's row reached the terminal: a cursor move and three cells.
        if scenario == "floor" { #expect((figures["term_bytes_per_update_floor"]?.doubleValue ?? 0) >= 10) }
        if scenario == "bytes" {
            #expect((figures["wire_bytes_one_cell"]?.doubleValue ?? .infinity) <= 40)
            #expect((figures["terminal_bytes_one_cell"]?.doubleValue ?? .infinity) <= 24)
        }
    }

    /// Callgrind's counts under `--quick` are of two and four updates of a debug build: noise,
    /// not figures. The smoke run checks that both sides run under valgrind and are reported.
    /// The same runs name the functions an update runs, as the linker knows them (release builds
    /// lay those out first): the daemon's frame and a scene document's views among them. (The
    /// viewer's two and four frames differ by less than its start-up varies, so what it adds is
    /// not checked here.) The callgrind files are kept where `LOOM_BENCH_CALLGRIND_DIR` says,
    /// a directory made if it is missing.
    @Test func theInstructionsScenarioCountsTheDaemonAndTheViewerUnderCallgrind() throws {
        let order = NSTemporaryDirectory() + "loom-hot-functions-\(getpid())"
        let kept = NSTemporaryDirectory() + "loom-callgrind-\(getpid())"
        defer {
            unlink(order)
            try? FileManager.default.removeItem(atPath: kept)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LOOM_BENCH_CALLGRIND_DIR"] = kept + "/files"
        let run = spawnAndWait(Self.bench, ["instructions", "--quick", "--json", "--hot-functions", order], environment: environment)
        #expect(run.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: kept + "/files").sorted()
        #expect(files == ["daemon", "daemon-document", "viewer"].flatMap { side in ["2", "4"].map { "callgrind.\(side).\($0)" } }.sorted())
        let figures = try JSONParser.parse(run.output)
        for key in ["daemon_instructions_per_mutation", "daemon_instructions_per_mutation_document", "viewer_instructions_per_frame", "functions_per_update",
                    "daemon_memory_lines_per_mutation", "daemon_code_lines_per_mutation", "daemon_code_pages_per_mutation"] {
            #expect(figures[key]?.doubleValue?.isFinite == true, "instructions reports \(key): \(run.output)")
        }
        #expect(figures["functions_per_update_laid_out"]?.doubleValue.map { (0...1).contains($0) } == true)
        #expect(figures["daemon_code_pages_per_mutation"]?.doubleValue.map { $0 >= 10 } == true, "the update's functions were found in the program as linked")
        let functions = try String(contentsOfFile: order, encoding: .utf8).split(separator: "\n")
        #expect(Double(functions.count) == figures["functions_per_update"]?.doubleValue)
        #expect(functions.contains { $0.hasPrefix("$s") && $0.contains("renderFrame") }, "the daemon's frame")
        #expect(functions.contains { $0.hasPrefix("$s17LoomDocumentViews") }, "a document's views")
        #expect(functions.contains("swift_retain"))
        #expect(!functions.contains { $0.contains("(") || $0.contains(" ") }, "symbols, not demangled names")
    }

    @Test func hotFunctionsWithoutAFileOrWithoutInstructionsIsRefused() {
        #expect(spawnAndWait(Self.bench, ["instructions", "--hot-functions"]).status == 2)
        #expect(spawnAndWait(Self.bench, ["bytes", "--hot-functions", "/tmp/never-written"]).status == 2)
    }
}
