import LoomGraph
import Observation

/// View-graph figures (issue: "the view graph core"):
/// - bodies evaluated when one row of a lazy list changes, at 10k and 1M rows (must be 1);
/// - framework cost per evaluated node, for a trivial body;
/// - time to mount 100k rows eagerly.
enum GraphBenchmark {
    static func run() -> [Figure] {
        [
            Figure(key: "bodies_per_row_mutation_10k", value: Double(bodiesPerRowMutation(rows: 10_000)), unit: "bodies",
                   meaning: "one row's value changes in a 10k-row List (50 rows visible)"),
            Figure(key: "bodies_per_row_mutation_1m", value: Double(bodiesPerRowMutation(rows: 1_000_000)), unit: "bodies",
                   meaning: "the same at 1M rows"),
            Figure(key: "frame_us_row_mutation_1m", value: rowMutationFrameMicroseconds(rows: 1_000_000), unit: "us",
                   meaning: "median time of that frame at 1M rows (evaluation only)"),
            Figure(key: "eval_ns_per_node", value: evaluationNanosecondsPerNode(), unit: "ns",
                   meaning: "framework cost per evaluated node, trivial body (10k rows re-evaluated per frame)"),
            Figure(key: "mount_100k_eager_ms", value: mountEagerMilliseconds(rows: 100_000), unit: "ms",
                   meaning: "build and evaluate 100k rows in a VStack (first frame)"),
            Figure(key: "mount_1m_lazy_ms", value: mountLazyMilliseconds(rows: 1_000_000), unit: "ms",
                   meaning: "mount a 1M-row List, 50 rows visible"),
        ]
    }

    // MARK: - Scenes

    typealias Row = BenchmarkRow

    struct RowView: View {
        let row: Row
        var body: some View { Text("row \(row.id): \(row.value)") }
    }

    struct RowList: View {
        let rows: [Row]
        var body: some View { List(rows) { RowView(row: $0) } }
    }

    @Observable
    final class Tick {
        var value = 0
    }

    struct Trivial: View {
        let index: Int
        let tick: Int
        var body: some View { EmptyView() }
    }

    struct TrivialList: View {
        let tick: Tick
        let rows: Int
        var body: some View {
            let value = tick.value
            VStack { ForEach(0..<rows) { Trivial(index: $0, tick: value) } }
        }
    }

    struct EagerRow: View {
        let index: Int
        var body: some View { Text("row \(index)") }
    }

    // MARK: - Measurements

    private static let window = LazyWindow(firstVisibleRow: 0, visibleRows: 50)

    private static func bodiesPerRowMutation(rows count: Int) -> Int {
        let rows = (0..<count).map(Row.init)
        let graph = ViewGraph(RowList(rows: rows), lazyWindow: window)
        graph.runPass()
        let before = graph.totalBodies
        rows[10].value += 1
        graph.runPass()
        return graph.totalBodies - before
    }

    private static func rowMutationFrameMicroseconds(rows count: Int) -> Double {
        let rows = (0..<count).map(Row.init)
        let graph = ViewGraph(RowList(rows: rows), lazyWindow: window)
        graph.runPass()
        let samples = (0..<200).map { round in
            rows[round % 50].value += 1
            return Measure.nanoseconds { graph.runPass() } / 1_000
        }
        return Measure.median(samples)
    }

    private static func evaluationNanosecondsPerNode() -> Double {
        let rows = 10_000
        let tick = Tick()
        let graph = ViewGraph(TrivialList(tick: tick, rows: rows))
        graph.runPass()
        let samples = (0..<30).map { _ in
            tick.value += 1
            let before = graph.totalBodies
            let elapsed = Measure.nanoseconds { graph.runPass() }
            return elapsed / Double(graph.totalBodies - before)
        }
        return Measure.median(samples)
    }

    private static func mountEagerMilliseconds(rows: Int) -> Double {
        mountMilliseconds(repeats: 3) { ViewGraph(ScrollView { VStack { ForEach(0..<rows) { EagerRow(index: $0) } } }) }
    }

    private static func mountLazyMilliseconds(rows count: Int) -> Double {
        let rows = (0..<count).map(Row.init)
        return mountMilliseconds(repeats: 5) { ViewGraph(RowList(rows: rows), lazyWindow: window) }
    }

    /// Median time to create a graph and run its first frame; releasing it is not counted.
    private static func mountMilliseconds(repeats: Int, _ make: () -> ViewGraph) -> Double {
        let samples = (0..<repeats).map { _ in
            var graph: ViewGraph?
            let elapsed = Measure.nanoseconds {
                graph = make()
                graph?.runPass()
            }
            withExtendedLifetime(graph) {}
            return elapsed / 1e6
        }
        return Measure.median(samples)
    }
}
