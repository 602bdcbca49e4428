import LoomGraph
import LoomLayout
import LoomWire
import Observation

/// Frame figures (issue: "layout, text and terminal cell rendering"): the cost of a frame —
/// evaluation, layout, drawing and diffing — for a one-row change in a lazy list on a 200x50
/// screen, at 1k and 1M rows; the bytes of a one-cell change; a full repaint.
enum FrameBenchmark {
    static func run() -> [Figure] {
        let small = oneRowFrame(rows: 1_000)
        let large = oneRowFrame(rows: 1_000_000)
        return [
            Figure(key: "frame_us_1k", value: small.microseconds, unit: "us", meaning: "one row changes in a 1k-row List, 200x50 screen: evaluate, lay out, draw, diff"),
            Figure(key: "frame_us_1m", value: large.microseconds, unit: "us", meaning: "the same with 1M rows"),
            Figure(key: "frame_ratio_1m_1k", value: large.microseconds / small.microseconds, unit: "x", meaning: "frame cost at 1M rows over 1k rows (target <= 1.2)"),
            Figure(key: "patch_ops_bytes_one_cell", value: Double(small.oneCellBytes), unit: "bytes", meaning: "the grid operations of a one-cell change, as binary protocol frames"),
            Figure(key: "full_frame_us_200x50", value: fullFrameMicroseconds(), unit: "us", meaning: "a full repaint (keyframe) of a 200x50 screen of text"),
        ]
    }

    typealias Row = BenchmarkRow

    struct RowView: View {
        let row: Row
        var body: some View {
            HStack {
                Text("job \(row.id)").frame(width: 12, alignment: .leading)
                Text("value \(row.value)")
                Spacer()
                Text(row.value % 2 == 0 ? "even" : "odd").foregroundColor(.green)
            }
        }
    }

    struct Rows: View {
        let rows: [Row]
        var body: some View { List(rows) { RowView(row: $0) } }
    }

    private static func oneRowFrame(rows count: Int) -> (microseconds: Double, oneCellBytes: Int) {
        let rows = (0..<count).map(Row.init)
        let renderer = SceneRenderer(graph: ViewGraph(Rows(rows: rows)))
        _ = renderer.addViewport(size: Size(width: 200, height: 50))
        _ = renderer.render()
        var bytes = 0
        let samples = (0..<300).map { round in
            rows[round % 20].value += 2        // "value 2" -> "value 4": one cell
            var operations: [GridOperation] = []
            let elapsed = Measure.nanoseconds { operations = renderer.render()[0].operations }
            bytes = operations.reduce(0) { $0 + BinaryCodec.frame(.grid($1)).count }
            return elapsed / 1_000
        }
        return (Measure.median(samples), bytes)
    }

    private static func fullFrameMicroseconds() -> Double {
        let rows = (0..<1_000).map(Row.init)
        let renderer = SceneRenderer(graph: ViewGraph(Rows(rows: rows)))
        let viewport = renderer.addViewport(size: Size(width: 200, height: 50))
        _ = renderer.render()
        let samples = (0..<100).map { round in
            viewport.resize(to: Size(width: 200, height: round % 2 == 0 ? 49 : 50))
            return Measure.nanoseconds { _ = renderer.render() } / 1_000
        }
        return Measure.median(samples)
    }
}
