import LoomLayout
import LoomWire

/// What one frame of a renderer costs the daemon: evaluation, layout, drawing, diffing and
/// encoding, on the calling thread's CPU clock (what changed before it, the client's write, is
/// not counted), and the bodies it evaluated. `work` and `scene` measure their frames with it.
enum FrameCost {
    static func measure(_ renderer: SceneRenderer) -> (microseconds: Double, bodies: Int) {
        renderer.graph.resetWorkCounters()
        let start = Bench.threadCPUNanoseconds()
        let operations = renderer.render()[0].operations
        _ = operations.map { BinaryCodec.record(.grid($0)) }
        let elapsed = Bench.threadCPUNanoseconds() - start
        return (elapsed / 1_000, renderer.graph.totalBodies)
    }
}
