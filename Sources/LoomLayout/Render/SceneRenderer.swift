import LoomGraph

/// Renders one scene's graph for any number of viewports.
///
/// Each frame: evaluate the graph; keep each lazy container's rows to what the viewports show
/// (the union of their visible rows plus overscan, as ranges, so distant viewers do not build
/// the rows between them), evaluating again if that changed; then per viewport: layout, draw,
/// and diff against the grid it was last sent. Viewports of one size share the layout caches.
public final class SceneRenderer {
    public let graph: ViewGraph
    public let styles = StyleTable()
    public let engine = LayoutEngine()
    public private(set) var viewports: [Viewport] = []

    public init(graph: ViewGraph) {
        self.graph = graph
        graph.lazyRowProvider = { [unowned self] container, count in self.visibleRows(of: container, count: count) }
    }

    public func addViewport(size: Size) -> Viewport {
        let viewport = Viewport(size: size)
        viewports.append(viewport)
        graph.invalidateLazyRows(in: nil)
        return viewport
    }

    public func removeViewport(_ viewport: Viewport) {
        viewports.removeAll { $0 === viewport }
        graph.invalidateLazyRows(in: nil)
    }

    /// A frame for every viewport: the operations that bring what it was last sent up to date
    /// (everything, for a new or resized one).
    public func render() -> [(viewport: Viewport, operations: [GridOperation])] {
        render(only: viewports)
    }

    /// Evaluates and lays out for every viewport, but draws and diffs only `chosen` ones: a
    /// viewer that is behind keeps the grid it last received, and gets one diff when it catches up.
    public func render(only chosen: [Viewport]) -> [(viewport: Viewport, operations: [GridOperation])] {
        graph.refreshLazyRows()
        graph.settle(maxFrames: 4)
        layoutViewports()
        // Layout measured row heights; if that moves the rows lazy containers need, once more.
        graph.refreshLazyRows()
        if graph.needsFrame {
            graph.settle(maxFrames: 4)
            layoutViewports()
        }
        // Viewports of identical geometry (size, scroll offsets, focus) show identical grids:
        // drawn once, and the diff is shared too when they were sent the same grid.
        var drawn: [GeometryKey: Drawn] = [:]
        drawnRows = 0
        let frames = chosen.map { viewport in
            let key = GeometryKey(viewport)
            var drawing = drawn[key] ?? draw(viewport, key)
            defer {
                drawn[key] = drawing
                viewport.grid = drawing.grid
                viewport.needsKeyframe = false
            }
            if viewport.needsKeyframe { return (viewport, GridDiff.keyframe(drawing.grid)) }
            if let diff = drawing.diff, diff.old == viewport.grid { return (viewport, diff.operations) }
            // Only a viewer that was sent the grid this one was drawn over can trust the damage.
            let changed = drawing.over.flatMap { $0 == viewport.grid ? drawing.damage : nil }
            let regions = (changed?.count ?? .max) < GridDiff.scrollThreshold ? [] : scrollRegions(viewport)
            let operations = GridDiff.diff(from: viewport.grid, to: drawing.grid, scrollRegions: regions, changedRows: changed)
            drawing.diff = (viewport.grid, operations)
            return (viewport, operations)
        }
        // What was drawn is what the next frame draws over; damage is counted from here.
        drawings = drawn.mapValues { ($0.grid, layouts[$0.layout]?.version ?? -1) }
        for layout in layouts.values {
            layout.drawnVersion = layout.version
            layout.damage = DamagedRows(height: layout.damage.height)
        }
        return frames
    }

    /// One geometry's drawing in this frame.
    private struct Drawn {
        let layout: LayoutKey
        let grid: CellGrid
        /// The last frame's drawing it was drawn over, and the rows that changed since; nil
        /// when it was drawn whole.
        let over: CellGrid?
        let damage: DamagedRows?
        /// The last diff made from it, for the next viewport that was sent the same grid.
        var diff: (old: CellGrid, operations: [GridOperation])?
    }

    /// Draws a geometry: over its last drawing, only the damaged rows, when the drawing is of
    /// the layout the damage counts from and less than half the screen changed; else whole.
    private func draw(_ viewport: Viewport, _ key: GeometryKey) -> Drawn {
        if let layout = layouts[key.layout], let last = drawings[key], last.version == layout.drawnVersion,
           layout.damage.count <= layout.damage.height / 2 {
            var grid = last.grid
            for band in layout.damage.bands {
                grid.fill(GridRect(column: 0, row: band.lowerBound, width: grid.width, height: band.count), with: .blank)
                Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus, band: band)
            }
            drawnRows += layout.damage.count
            return Drawn(layout: key.layout, grid: grid, over: last.grid, damage: layout.damage)
        }
        var grid = CellGrid(width: viewport.size.width, height: viewport.size.height)
        Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus)
        drawnRows += grid.height
        return Drawn(layout: key.layout, grid: grid, over: nil, damage: nil)
    }

    /// Rows drawn in the last frame, over all geometries: what the tests count.
    public private(set) var drawnRows = 0

    /// The last layout of each geometry in use, kept for the next layout of that geometry to
    /// reuse (`PlacementReuse`), with the rows damaged since its drawings were last brought up
    /// to date.
    private final class RetainedLayout {
        var boxes: [LayoutBox] = []
        var version = 0
        var drawnVersion = -1
        var damage: DamagedRows
        init(height: Int) { damage = DamagedRows(height: height) }
    }

    private var layouts: [LayoutKey: RetainedLayout] = [:]
    /// Each geometry's last drawing, and the version of the layout it was drawn from.
    private var drawings: [GeometryKey: (grid: CellGrid, version: Int)] = [:]

    /// What a viewport's layout depends on: its size and scroll offsets.
    private struct LayoutKey: Hashable {
        let width: Int, height: Int
        let offsets: [Int]

        init(_ viewport: Viewport) {
            width = viewport.size.width
            height = viewport.size.height
            offsets = viewport.scrollOffsets.sorted { $0.key < $1.key }.flatMap { [Int(bitPattern: UInt(bitPattern: $0.key)), $0.value.x, $0.value.y] }
        }
    }

    /// What its drawing depends on: the layout and the focus.
    private struct GeometryKey: Hashable {
        let layout: LayoutKey
        let focus: ObjectIdentifier?

        init(_ viewport: Viewport) {
            layout = LayoutKey(viewport)
            focus = viewport.focus
        }
    }

    /// Lays out each viewport; viewports of the same size and scroll offsets share one layout
    /// (sixteen viewers in four sizes cost four layouts), the clamped offsets included. Each
    /// layout starts from the last one of its geometry; geometries no viewport has are dropped.
    private func layoutViewports() {
        let firstPass = engine.nextPass
        defer { engine.prune(keepingPassesFrom: firstPass) }
        var laidOut: [LayoutKey: Viewport] = [:]
        var kept: [LayoutKey: RetainedLayout] = [:]
        for viewport in viewports {
            let key = LayoutKey(viewport)
            if let twin = laidOut[key] {
                viewport.boxes = twin.boxes
                viewport.scrollOffsets = twin.scrollOffsets
                continue
            }
            let retained = layouts[key] ?? RetainedLayout(height: viewport.size.height)
            layout(viewport, from: retained)
            layoutCount += 1
            laidOut[key] = viewport
            // Under the offsets it was actually shown at: the key the next frame will have.
            kept[LayoutKey(viewport)] = retained
        }
        layouts = kept
    }

    /// Layouts computed so far (viewports sharing one count once): what the tests count.
    public private(set) var layoutCount = 0

    private func layout(_ viewport: Viewport, from retained: RetainedLayout) {
        engine.scrollOffset = { node in viewport.scrollOffsets[ObjectIdentifier(node)] ?? (0, 0) }
        engine.didClampScrollOffset = { node, offset in viewport.scrollOffsets[ObjectIdentifier(node)] = offset }
        let (boxes, damage) = engine.layout(root: graph.root, size: viewport.size, previous: retained.boxes)
        viewport.boxes = boxes
        retained.boxes = boxes
        retained.version += 1
        retained.damage.formUnion(damage)
    }

    // MARK: - Lazy rows

    /// The rows (columns, for a `LazyHStack`) of `container` each viewport shows, plus
    /// overscan: from the row at the scroll offset to the row at the offset plus a screen, with the row height the last layout
    /// measured (1 before any). Each viewport gives its own range; the graph merges them.
    func visibleRows(of container: Node, count: Int) -> [Range<Int>] {
        let pitch = max(engine.rowHeights[ObjectIdentifier(container)] ?? 1, 0.5)
        let scroller = scrollContainer(of: container)
        var horizontal = false
        if case .hStack? = container.primitive { horizontal = true }
        return viewports.map { viewport in
            let offsets = scroller.flatMap { viewport.scrollOffsets[ObjectIdentifier($0)] } ?? (0, 0)
            let offset = Double(horizontal ? offsets.x : offsets.y)
            let extent = Double(horizontal ? viewport.size.width : viewport.size.height)
            let first = Int((offset / pitch).rounded(.down))
            let last = Int(((offset + extent) / pitch).rounded(.up))
            let lower = min(count, max(0, first - LazyWindow.overscan / 2))
            return lower..<min(count, lower + (last - first) + LazyWindow.overscan)
        }
    }

    /// The node whose scroll offset moves a lazy container: a `List` scrolls itself; a lazy
    /// stack is moved by the nearest `ScrollView` around it.
    func scrollContainer(of container: Node) -> Node? {
        if case .list? = container.primitive { return container }
        var current = container.parent
        while let node = current {
            if case .scrollView? = node.primitive { return node }
            current = node.parent
        }
        return nil
    }

    private func scrollRegions(_ viewport: Viewport) -> [GridRect] {
        viewport.boxes.compactMap { box in
            switch box.primitive {
            case .scrollView, .list: box.frame.intersection(box.clip)
            default: nil
            }
        }
    }
}
