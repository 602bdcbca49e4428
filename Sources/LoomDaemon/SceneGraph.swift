import LoomCells
import LoomGraph
import LoomLayout

/// One graph of a scene, its renderer, and the viewers that show it: every viewer whose view
/// state is the scene's initial one, or the one viewer that acted on it (see `Scene`).
final class SceneGraph {
    let graph: ViewGraph
    let renderer: SceneRenderer
    private(set) var sessions: [ViewerSession] = []
    /// No viewer has acted on it (pressed, chose, navigated): its view state is the scene's
    /// initial one, which new viewers and snapshots start from.
    var isInitial = true
    /// Something changed that its viewers have not been sent (input, a resize, an ack).
    var needsFrame = true
    /// Nodes evaluated since the last frame, while some viewer asks for highlights.
    var evaluated: Set<ObjectIdentifier> = []
    /// The operations of the frame being sent, encoded once per encoding.
    var encodedOperations = EncodedOperations()
    /// The storage of a frame's list of viewports to draw, kept for the next frame's.
    var keptReadyList: [Viewport] = []

    init(graph: ViewGraph, styles: StyleTable) {
        self.graph = graph
        self.renderer = SceneRenderer(graph: graph, styles: styles)
    }

    var hasWork: Bool { needsFrame || graph.needsPass || graph.viewportRequestPending }

    /// The viewer whose own view state this graph holds, if it is one viewer's.
    var owner: ViewerSession? { isInitial ? nil : sessions.first }

    func add(_ session: ViewerSession) {
        sessions.append(session)
        // How the renderer's frames, which name viewports, lead to their sessions.
        session.viewport.host = session
        needsFrame = true
    }

    func remove(_ session: ViewerSession) {
        sessions.removeAll { $0 === session }
        session.viewport.host = nil
        renderer.removeViewport(session.viewport)
    }

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
}
