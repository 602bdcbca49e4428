import LoomCells
import LoomGraph

/// The frame pipeline of one scene: from a changed graph to the frames each viewport needs.
///
///     1. evaluation pass          ViewGraph.settle            dirty nodes, parents first, each once
///     2. lazy-row negotiation     LazyRowNegotiation          the rows each lazy container builds
///     3. layout per geometry      GeometryLayouts             one layout per size and scroll offsets
///     4. damage drawing           DamageDrawing, Drawing      only the rows that changed, per geometry
///     5. grid diff                GridDiff                    per group of viewers sent the same grid
///     6. encoding and fan-out     (the daemon's Scene)        once per encoding, one write per viewer
///
/// Stages 1–3 run once per pass; if layout measured rows that move what lazy containers need,
/// or placed a `GeometryReader` at a new size, they run once more. The graph knows the renderer only through `lazyRowProvider` (stage 2).
package final class SceneRenderer {
    package let graph: ViewGraph
    /// Shared by the renderers of a scene's graphs: a viewer moved from one to another keeps
    /// the style ids it was sent.
    package let styles: StyleTable
    package let engine = LayoutEngine()
    package private(set) var viewports: [Viewport] = []
    private let layouts = GeometryLayouts()
    private let drawing: DamageDrawing

    package init(graph: ViewGraph, styles: StyleTable = StyleTable()) {
        self.graph = graph
        self.styles = styles
        drawing = DamageDrawing(styles: styles)
        graph.lazyRowProvider = { [unowned self] container, count in
            LazyRowNegotiation(engine: engine, viewports: viewports).visibleRows(of: container, count: count)
        }
    }

    package func addViewport(size: Size) -> Viewport {
        let viewport = Viewport(size: size)
        adopt(viewport)
        return viewport
    }

    /// Shows this graph in a viewport that showed another (its grid is what its viewer has).
    package func adopt(_ viewport: Viewport) {
        viewports.append(viewport)
        graph.invalidateLazyRows(in: nil)
    }

    package func removeViewport(_ viewport: Viewport) {
        viewports.removeAll { $0 === viewport }
        graph.invalidateLazyRows(in: nil)
    }

    /// A frame for every viewport: the operations that bring what it was last sent up to date
    /// (everything, for a new or resized one).
    package func render() -> [(viewport: Viewport, operations: [GridOperation])] {
        render(only: viewports)
    }

    /// Evaluates for every viewport, but lays out, draws and diffs only `chosen` ones: a viewer
    /// that is behind keeps the grid (and the layout) it last received, and gets one diff when it
    /// catches up; a snapshot's viewport is drawn without laying out anybody else's.
    package func render(only chosen: [Viewport]) -> [(viewport: Viewport, operations: [GridOperation])] {
        var operations: [ObjectIdentifier: [GridOperation]] = [:]
        render(only: chosen) { frame in
            for viewport in frame.viewports { operations[ObjectIdentifier(viewport)] = frame.operations }
        }
        return chosen.map { ($0, operations[ObjectIdentifier($0)] ?? []) }
    }

    /// The same, handing each frame to `deliver` as soon as its geometry is drawn, so that its
    /// viewers can be sent it while the next geometry is drawn. Each operation list comes once,
    /// with every viewport it is for (those of one geometry sent the same grid share one diff).
    package func render(only chosen: [Viewport], deliver: (Frame) -> Void) {
        layout(chosen)
        drawing.draw(chosen, layouts: layouts, deliver: deliver)
    }

    /// Stages 1–3 alone: what a viewport's boxes (focus, hit testing) need before a key is
    /// handled in a graph it has not been drawn from yet.
    package func layout(_ chosen: [Viewport]) {
        evaluate(admittingOutsideWork: true)
        layouts.layout(chosen, among: viewports, root: graph.root, engine: engine)
        // Layout measured row heights and placed geometry readers; if that moves the rows lazy
        // containers need, or a reader was placed at a size it has no content for, once more.
        // (Not when every layout kept its last one but for leaves of the same sizes: no row
        // height, pitch or scroll position changed, so neither did the rows.)
        placeGeometryReaders()
        if evaluate(afterLayout: !layouts.placedLeavesOnly) { layouts.layout(chosen, among: viewports, root: graph.root, engine: engine) }
        // A `@FocusState` written (by a key's action, or on appear) or a `scrollTo`: focus and
        // scrolling follow it, and a viewport scrolled is laid out again, with the lazy rows
        // its new offsets show built. A `scrollTo` to a row not built scrolls to its estimate
        // first, then shows it exactly.
        for _ in 0..<2 {
            var scrolled: [Viewport] = []
            for viewport in chosen {
                let focusScrolled = viewport.followFocusRequest(in: graph)
                if viewport.followScrollRequest(in: graph, engine: engine) || focusScrolled { scrolled.append(viewport) }
            }
            graph.viewportRequestPending = false
            guard !scrolled.isEmpty else { break }
            layouts.layout(evaluate() ? chosen : scrolled, among: viewports, root: graph.root, engine: engine)
        }
    }

    /// Stages 1 and 2: the rows lazy containers build follow the viewports, then what changed
    /// is evaluated. Whether anything was (the layouts are then out of date). Work other threads
    /// sent is taken at a frame's first evaluation only: what arrives while the frame is made is
    /// the next frame's (the graph wakes the host for it).
    ///
    /// The rows are asked again when a viewport's size or offsets changed since they were last
    /// asked, or when the caller says a layout may have moved them (`afterLayout`: a row pitch
    /// measured anew). A `ForEach` that changes asks for its own rows as it is evaluated, and a
    /// viewport added or removed invalidates them: a frame that changed a row's text and moved
    /// no viewport asks nothing.
    @discardableResult
    private func evaluate(admittingOutsideWork: Bool = false, afterLayout: Bool = false) -> Bool {
        if afterLayout || viewports.contains(where: { !$0.lazyRowsAsked }) {
            graph.refreshLazyRows()
            for viewport in viewports { viewport.lazyRowsAsked = true }
        }
        return graph.settle(maxPasses: 4, admittingOutsideWork: admittingOutsideWork) > 0
    }

    /// Tells each `GeometryReader` the sizes the viewports placed it at (each viewport's last
    /// layout, those not laid out now included). A look through the boxes on screen, paid only
    /// while the graph has a reader.
    private func placeGeometryReaders() {
        guard graph.geometryReaders > 0 else { return }
        var placed: [ObjectIdentifier: (node: Node, sizes: [CellSize])] = [:]
        for viewport in viewports {
            for box in viewport.boxes {
                guard case .geometryReader = box.primitive else { continue }
                let size = CellSize(width: box.frame.width, height: box.frame.height)
                let id = ObjectIdentifier(box.node)
                if placed[id]?.sizes.contains(size) == true { continue }
                placed[id, default: (box.node, [])].sizes.append(size)
            }
        }
        for (node, sizes) in placed.values { graph.placeGeometry(node, sizes: sizes) }
    }

    /// Rows drawn in the last frame, over all geometries: what the tests count.
    package var drawnRows: Int { drawing.drawnRows }
    /// Boxes drawn in the last frame, over all geometries: what the tests count.
    package var drawnBoxes: Int { drawing.drawnBoxes }

    /// The room the drawing keeps for the cells a change drawn in place replaces: what the
    /// tests check against `DamageDrawing.keptCellsCapacity`.
    package var keptCells: Int { drawing.keptCells }

    /// The same for the operations of such a change, against `DamageDrawing.keptOperationsCapacity`.
    package var keptOperations: Int { drawing.keptOperations }

    /// Layouts computed so far (viewports sharing one count once): what the tests count.
    package var layoutCount: Int { layouts.count }
}
