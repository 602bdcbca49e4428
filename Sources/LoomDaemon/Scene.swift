import LoomCells
import LoomGraph
import LoomJSON
import LoomLayout
import LoomStore
import LoomStoreViews

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

    /// The screen rectangles drawn by views whose `body` ran in this frame: each leaf box
    /// (text, divider, spacer, colour, …) whose nearest view with a body was evaluated, with
    /// consecutive leaves of the same view on a row merged. Containers give no rectangle of their
    /// own, so a parent that re-ran while its children were skipped marks its own leaves, not
    /// its children's area: `seeds/likes` marks one cell, `seeds/likes-observed` every cell.
    func evaluatedRectangles(in viewport: Viewport) -> [GridRect] {
        guard !evaluated.isEmpty else { return [] }
        var rects: [GridRect] = []
        var lastOwner: ObjectIdentifier?
        for box in viewport.boxes where box.descendants == 0 {
            var node: Node? = box.node
            while let current = node, !current.evaluatesBody { node = current.parent }
            guard let owner = node.map(ObjectIdentifier.init), evaluated.contains(owner) else { continue }
            let rect = box.frame.intersection(box.clip)
            guard !rect.isEmpty else { continue }
            // Consecutive leaves of one view on the same rows (an HStack's texts around a
            // spacer) become one rectangle, the space between them included.
            if owner == lastOwner, let last = rects.last, last.row == rect.row, last.height == rect.height, rect.column >= last.column {
                rects[rects.count - 1] = GridRect(column: last.column, row: last.row, width: max(last.maxColumn, rect.maxColumn) - last.column, height: last.height)
            } else {
                rects.append(rect)
            }
            lastOwner = owner
        }
        return rects
    }

    init<Root: View>(name: String, root: Root, store: Store) {
        self.name = name
        self.graph = ViewGraph(root.environment(\.store, store))
        self.renderer = SceneRenderer(graph: graph)
    }

    var hasWork: Bool { needsFrame || graph.needsPass }
}
