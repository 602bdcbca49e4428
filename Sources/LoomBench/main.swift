import Foundation

/// `loom-bench`: the benchmark program (figures, not tests). See docs/BENCHMARKS.md.
let usage = """
    usage: loom-bench [SCENARIO...] [--json] [--quick] [--viewers N [--document]] [--mutations N] [--hot-functions FILE]

    Prints benchmark figures as a table, or as one JSON object with --json.
    Build in release mode for meaningful numbers: make bench BENCH_ARGS=graph

    scenarios (all of them when none is named):
      fanout      latency from a mutation to each viewer's flush, 1, 4, 16 and 256 viewers sharing
                  a view state, and 16 each with its own, 100k rows
      throughput  mutations per second with 16 viewers: pipelined sets, transactions of 100
      work        bodies per mutation and daemon CPU per frame at 1k, 100k and 1M rows
      bytes       wire and terminal bytes for a one-cell change and a full 200x50 repaint
      memory      loomd's RSS idle, per viewer, with 1M rows; time to READY=1
      instructions  callgrind's instructions per one-row mutation in the daemon and per one-cell
                  frame in the real viewer (skipped without valgrind)
      peers       the same list update in Loom, Textual (line API, DataTable), Bubble Tea, tmux and
                  the floor under a pseudo-terminal: CPU and terminal bytes per update
      floor       the least an update costs in Loom's shape on this machine: a daemon thread and a
                  viewer process passing a row from a control client to a terminal, with no work
                  (the viewer built with cc)
      scene       a one-row frame of the same list as Swift views and as a scene document, 1k to 1M rows
      graph       view-graph work: bodies per row mutation, evaluation cost, mount time
      store       durable transactions per second, restore and memory at 1M objects, JSON decoding

    --quick runs each scenario with tiny sizes (a smoke run; the figures mean nothing).
    --viewers N and --mutations N run fanout with N viewers only, and N measured mutations
    (for profiling: see docs/BENCHMARKS.md, "Instructions per mutation"); with --document,
    the viewers attach the same list declared as a scene document.
    --hot-functions FILE, with instructions, writes the functions an update runs in the daemon and
    the viewer, most instructions first: the order release builds lay their code out in
    (make hot-functions; docs/BENCHMARKS.md, "Code layout").
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
let json = arguments.contains("--json")
Bench.quick = arguments.contains("--quick")
Bench.document = arguments.contains("--document")
arguments.removeAll { $0 == "--json" || $0 == "--quick" || $0 == "--document" }
/// The value of `--name N`, taken out of the arguments: a count from 1 to `limit`.
@MainActor func count(_ name: String, limit: Int) -> Int? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), (1...limit).contains(value) else {
        FileHandle.standardError.write(Data("loom-bench: \(name) needs a count from 1 to \(limit)\n\n\(usage)\n".utf8))
        exit(2)
    }
    arguments.removeSubrange(index...index + 1)
    return value
}
Bench.viewers = count("--viewers", limit: 256)
Bench.mutations = count("--mutations", limit: 100_000)
if let index = arguments.firstIndex(of: "--hot-functions") {
    guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
        FileHandle.standardError.write(Data("loom-bench: --hot-functions needs a file to write\n\n\(usage)\n".utf8))
        exit(2)
    }
    Bench.hotFunctions = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
}

let scenarios: [String: () -> [Figure]] = [
    "fanout": FanoutBenchmark.fanout, "throughput": FanoutBenchmark.throughput, "work": FrameBenchmark.work, "bytes": FrameBenchmark.bytes,
    "memory": MemoryBenchmark.run, "peers": PeersBenchmark.run, "floor": PeersBenchmark.floor, "scene": SceneBenchmark.run, "graph": GraphBenchmark.run, "store": StoreBenchmark.run,
    "instructions": InstructionsBenchmark.run,
]
let order = ["fanout", "throughput", "work", "scene", "bytes", "memory", "floor", "peers", "instructions", "graph", "store"]
if let unknown = arguments.first(where: { scenarios[$0] == nil }) {
    FileHandle.standardError.write(Data("loom-bench: unknown scenario '\(unknown)'\n\n\(usage)\n".utf8))
    exit(2)
}
let chosen = arguments.isEmpty ? order : arguments
if Bench.hotFunctions != nil, !chosen.contains("instructions") {
    FileHandle.standardError.write(Data("loom-bench: --hot-functions is written by the instructions scenario\n\n\(usage)\n".utf8))
    exit(2)
}
var figures: [Figure] = []
for name in chosen {
    if !json { FileHandle.standardError.write(Data("running \(name)…\n".utf8)) }
    figures += scenarios[name]!()
}
print(json ? Figure.json(figures) : Figure.table(figures))
