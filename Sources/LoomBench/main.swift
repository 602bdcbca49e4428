import Foundation

/// `loom-bench`: the benchmark program (figures, not tests). See docs/BENCHMARKS.md.
let usage = """
    usage: loom-bench [SCENARIO...] [--json]

    Prints benchmark figures as a table, or as one JSON object with --json.
    Build in release mode for meaningful numbers: swift run -c release loom-bench graph

    scenarios (all of them when none is named):
      graph    view-graph work: bodies per row mutation, evaluation cost, mount time
      store    durable transactions per second, restore and memory at 1M objects, JSON decoding
      frame    layout, drawing and diffing: one-row changes at 1k and 1M rows, bytes, full repaints
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }

let scenarios: [String: () -> [Figure]] = ["graph": GraphBenchmark.run, "store": StoreBenchmark.run, "frame": FrameBenchmark.run]
if let unknown = arguments.first(where: { scenarios[$0] == nil }) {
    FileHandle.standardError.write(Data("loom-bench: unknown scenario '\(unknown)'\n\n\(usage)\n".utf8))
    exit(2)
}
let chosen = arguments.isEmpty ? scenarios.keys.sorted() : arguments
var figures: [Figure] = []
for name in chosen {
    if !json { FileHandle.standardError.write(Data("running \(name)…\n".utf8)) }
    figures += scenarios[name]!()
}
print(json ? Figure.json(figures) : Figure.table(figures))
