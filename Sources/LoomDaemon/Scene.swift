import LoomGraph
import LoomLayout
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
    /// Nodes evaluated since the last frame, while some viewer asks for highlights.
    var evaluated: Set<ObjectIdentifier> = []

    /// The screen rectangles of a viewport covered by views evaluated in this frame: the boxes
    /// of evaluated nodes and of everything below them, clipped; one per evaluated subtree.
    func evaluatedRectangles(in viewport: Viewport) -> [GridRect] {
        guard !evaluated.isEmpty else { return [] }
        var rects: [GridRect] = []
        var index = 0
        let boxes = viewport.boxes
        while index < boxes.count {
            let box = boxes[index]
            var node: Node? = box.node
            var covered = false
            while let current = node, !covered {
                covered = evaluated.contains(ObjectIdentifier(current))
                node = current.parent
            }
            if covered {
                let rect = box.frame.intersection(box.clip)
                if !rect.isEmpty { rects.append(rect) }
                index += box.descendants + 1      // the subtree is inside this box's frame
            } else {
                index += 1
            }
        }
        return rects
    }

    init<Root: View>(name: String, root: Root, store: Store) {
        self.name = name
        self.graph = ViewGraph(root.environment(\.store, store))
        self.renderer = SceneRenderer(graph: graph)
    }

    var hasWork: Bool { needsFrame || graph.needsFrame }
}
