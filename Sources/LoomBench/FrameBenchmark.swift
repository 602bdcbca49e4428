import LoomCells
import LoomGraph
import LoomLayout
import LoomTerminal
import LoomWire
import Observation

/// `work` and `bytes`: what one frame costs the daemon — evaluation, layout, drawing, diffing,
/// on its own thread's CPU clock — for a one-row change in a lazy list on a 200x50 screen at
/// 1k, 100k and 1M rows; and the bytes of a one-cell change and of a full repaint, on the wire
/// and on the terminal.
enum FrameBenchmark {
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

    static func work() -> [Figure] {
        let sizes = Bench.quick ? [1_000, 2_000, 5_000] : [1_000, 100_000, 1_000_000]
        // The sizes take turns, one frame each per round: this machine changes speed during a
        // run (the same frame costs 45 or 70 µs for seconds at a time), and measured one after
        // the other, the sizes caught different speeds and their ratio ranged from 0.6 to 1.5.
        let scenes = sizes.map(OneRowFrames.init(rows:))
        var samples = Array(repeating: [Double](), count: sizes.count)
        // Quick: enough frames that the first one (a whole screen) is a small part of a profile.
        for round in 0..<(Bench.quick ? 200 : 300) {
            for (index, scene) in scenes.enumerated() { samples[index].append(scene.frame(round: round)) }
        }
        let microseconds = samples.map(Measure.median)
        return [
            Figure(key: "bodies_per_mutation", value: Double(scenes.map(\.bodies).max() ?? 0), unit: "bodies", meaning: "bodies evaluated for one row's change, at every size (target = 1)"),
            Figure(key: "frame_cpu_us_1k", value: microseconds[0], unit: "us", meaning: "daemon CPU for that frame, 1k rows, 200x50: evaluate, lay out, draw, diff, encode"),
            Figure(key: "frame_cpu_us_100k", value: microseconds[1], unit: "us", meaning: "the same with \(sizes[1]) rows"),
            Figure(key: "frame_cpu_us_1m", value: microseconds[2], unit: "us", meaning: "the same with \(sizes[2]) rows"),
            Figure(key: "frame_cpu_ratio_1m_1k", value: microseconds[2] / microseconds[0], unit: "x", meaning: "frame CPU at 1M rows over 1k rows, measured in turns (target <= 1.2)"),
        ]
    }

    static func bytes() -> [Figure] {
        let rows = (0..<1_000).map(Row.init)
        let renderer = SceneRenderer(graph: ViewGraph(Rows(rows: rows)))
        _ = renderer.addViewport(size: Size(width: 200, height: 50))
        var screen = TerminalScreen(depth: .truecolor)
        var sequence: Int64 = 0
        /// A frame's wire bytes (styles, grid operations, flush, in the binary encoding) and what
        /// the viewer writes to the terminal for it.
        func frame(_ operations: [GridOperation], keyframe: Bool) -> (wire: Int, terminal: Int) {
            sequence += 1
            var messages: [Message] = keyframe ? [.keyframe(width: 200, height: 50)] : []
            messages += renderer.styles.styles.indices.map { .style(id: StyleID(rawValue: UInt32($0)), style: renderer.styles.styles[$0]) }.filter { _ in keyframe }
            messages += operations.map { .grid($0) } + [.flush(sequence: sequence)]
            for message in messages { _ = screen.apply(message) }
            return (messages.reduce(0) { $0 + BinaryCodec.record($1).count }, screen.render().count)
        }
        let full = frame(renderer.render()[0].operations, keyframe: true)
        rows[7].value += 2                          // "value 7" -> "value 9": one cell
        let one = frame(renderer.render()[0].operations, keyframe: false)
        return [
            Figure(key: "wire_bytes_one_cell", value: Double(one.wire), unit: "bytes", meaning: "a one-cell change on the wire: grid operation and flush, binary encoding (target <= 40)"),
            Figure(key: "terminal_bytes_one_cell", value: Double(one.terminal), unit: "bytes", meaning: "what the viewer writes to the terminal for it (target <= 24)"),
            Figure(key: "wire_bytes_full_200x50", value: Double(full.wire), unit: "bytes", meaning: "a full repaint of a 200x50 list on the wire (keyframe, styles, lines, flush)"),
            Figure(key: "terminal_bytes_full_200x50", value: Double(full.terminal), unit: "bytes", meaning: "what the viewer writes for it"),
        ]
    }

    /// A lazy list of `rows` on a 200x50 screen, whose frames each change one row.
    private final class OneRowFrames {
        let rows: [Row]
        let renderer: SceneRenderer
        /// The most bodies one frame evaluated.
        private(set) var bodies = 0

        init(rows count: Int) {
            rows = (0..<count).map(Row.init)
            renderer = SceneRenderer(graph: ViewGraph(Rows(rows: rows)))
            _ = renderer.addViewport(size: Size(width: 200, height: 50))
            _ = renderer.render()
        }

        /// One frame for a change of one of the first 20 rows: its CPU time in µs.
        func frame(round: Int) -> Double {
            rows[round % 20].value += 2
            let cost = FrameCost.measure(renderer)
            bodies = max(bodies, cost.bodies)
            return cost.microseconds
        }
    }
}
