import LoomGraph
import LoomLayout
import LoomStore

/// A named root view the daemon serves: one graph and one renderer, shared by every viewer of
/// the scene (they share its `@State`); each viewer has its own viewport.
final class Scene {
    let name: String
    let graph: ViewGraph
    let renderer: SceneRenderer
    var sessions: [ViewerSession] = []
    /// Frames rendered, for stats.
    var frames = 0
    /// When the last frame was rendered (loop milliseconds), for pacing.
    var lastFrame: UInt64 = 0
    /// Something changed that viewers have not been sent (graph work, input, a resize, an ack).
    var needsFrame = true

    init<Root: View>(name: String, root: Root, store: Store) {
        self.name = name
        self.graph = ViewGraph(root.environment(\.store, store))
        self.renderer = SceneRenderer(graph: graph)
    }

    var hasWork: Bool { needsFrame || graph.needsFrame }
}
