import LoomCells
import LoomGraph

/// Renders one scene's graph for any number of viewports.
///
/// Each frame: evaluate the graph; keep each lazy container's rows to what the viewports show
/// (the union of their visible rows plus overscan, as ranges, so distant viewers do not build
/// the rows between them), evaluating again if that changed; then per viewport: layout, draw,
/// and diff against the grid it was last sent. Viewports of one size share the layout caches.
package final class SceneRenderer {
    package let graph: ViewGraph
    package let styles = StyleTable()
    package let engine = LayoutEngine()
    package private(set) var viewports: [Viewport] = []

    package init(graph: ViewGraph) {
        self.graph = graph
        graph.lazyRowProvider = { [unowned self] container, count in self.visibleRows(of: container, count: count) }
    }

    package func addViewport(size: Size) -> Viewport {
        let viewport = Viewport(size: size)
        viewports.append(viewport)
        graph.invalidateLazyRows(in: nil)
        return viewport
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
        graph.refreshLazyRows()
        graph.settle(maxFrames: 4)
        layoutViewports(chosen)
        // Layout measured row heights; if that moves the rows lazy containers need, once more.
        graph.refreshLazyRows()
        if graph.needsFrame {
            graph.settle(maxFrames: 4)
            layoutViewports(chosen)
        }
        // Viewports of identical geometry (size, scroll offsets, focus) show identical grids:
        // drawn once, and the diff is shared by those that were sent the same grid.
        var groups: [GeometryKey: [Viewport]] = [:]
        var order: [GeometryKey] = []
        for viewport in chosen {
            let key = GeometryKey(viewport)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(viewport)
        }
        drawnRows = 0
        var drawn: [GeometryKey: (grid: CellGrid, version: Int)] = [:]
        for key in order {
            let group = groups[key]!
            let (grid, frames) = draw(key, for: group)
            drawn[key] = (grid, layouts[key.layout]?.version ?? -1)
            for viewport in group {
                viewport.grid = grid
                viewport.needsKeyframe = false
            }
            frames.forEach(deliver)
        }
        // What was drawn is what the next frame draws over; damage is counted from here.
        drawings = drawn
        for layout in layouts.values {
            layout.drawnVersion = layout.version
            layout.damage = DamagedRows(height: layout.damage.height)
        }
    }

    /// The operations that bring `viewports` up to the grid just drawn for them.
    package struct Frame {
        package internal(set) var viewports: [Viewport]
        package let operations: [GridOperation]
    }

    /// Draws one geometry, and the frames that bring each of its viewports up to date.
    ///
    /// Over its last drawing, only the damaged rows are drawn again, when that drawing is of
    /// the layout the damage counts from and no more than half the screen changed; else it is
    /// drawn whole. A change that no scroll could send more cheaply — fewer rows than a scroll
    /// needs, or nothing moved to other rows — is drawn in place: the rows it replaces are
    /// copied first and the viewers that have the last drawing get a diff of those rows alone,
    /// so no copy of the screen is made (a viewer that is behind still holds the old grid, and
    /// copy-on-write keeps it intact).
    private func draw(_ key: GeometryKey, for group: [Viewport]) -> (CellGrid, [Frame]) {
        let viewport = group[0]
        // Each diff with the grid it starts from, and the viewports that had that grid.
        var diffs: [(old: CellGrid, frame: Frame)] = []
        var served = Set<ObjectIdentifier>()
        // Taken out of `drawings`, so that nothing but the viewers holds it.
        if let layout = layouts[key.layout], drawings[key]?.version == layout.drawnVersion, layout.damage.count <= layout.damage.height / 2,
           var grid = drawings.removeValue(forKey: key)?.grid {
            let rows = Array(layout.damage.bands.joined())
            var frames: [Frame] = []
            if rows.count < GridDiff.scrollThreshold || !layout.damage.shifted {
                let before = rows.map { Array(grid.row($0)) }
                let current = group.filter { !$0.needsKeyframe && $0.grid == grid }
                for viewport in current { viewport.grid = CellGrid(width: 0, height: 0) }
                redraw(layout.damage, of: viewport, into: &grid)
                if !current.isEmpty {
                    frames.append(Frame(viewports: current, operations: GridDiff.diff(rows: zip(rows, before).map { ($0, $1[...]) }, to: grid)))
                    served.formUnion(current.map(ObjectIdentifier.init))
                }
            } else {
                let old = grid
                redraw(layout.damage, of: viewport, into: &grid)
                diffs.append((old, Frame(viewports: [], operations: GridDiff.diff(from: old, to: grid, scrollRegions: scrollRegions(viewport)))))
            }
            return (grid, frames + finish(grid))
        }
        var grid = CellGrid(width: viewport.size.width, height: viewport.size.height)
        Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus)
        drawnRows += grid.height
        return (grid, finish(grid))

        /// The frames of the viewports not served yet: a keyframe, or a diff from what they were sent.
        func finish(_ grid: CellGrid) -> [Frame] {
            var keyframes: [Viewport] = []
            for viewport in group where !served.contains(ObjectIdentifier(viewport)) {
                if viewport.needsKeyframe {
                    keyframes.append(viewport)
                } else if let index = diffs.firstIndex(where: { $0.old == viewport.grid }) {
                    diffs[index].frame.viewports.append(viewport)
                } else {
                    diffs.append((viewport.grid, Frame(viewports: [viewport], operations: GridDiff.diff(from: viewport.grid, to: grid, scrollRegions: scrollRegions(viewport)))))
                }
            }
            return diffs.map(\.frame).filter { !$0.viewports.isEmpty } + (keyframes.isEmpty ? [] : [Frame(viewports: keyframes, operations: GridDiff.keyframe(grid))])
        }
    }

    /// Draws the damaged rows again, each band cleared first.
    private func redraw(_ damage: DamagedRows, of viewport: Viewport, into grid: inout CellGrid) {
        for band in damage.bands {
            grid.fill(GridRect(column: 0, row: band.lowerBound, width: grid.width, height: band.count), with: .blank)
            Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus, band: band)
        }
        drawnRows += damage.count
    }

    /// Rows drawn in the last frame, over all geometries: what the tests count.
    package private(set) var drawnRows = 0

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

    /// What its drawing depends on: the layout and the focus.
    private struct GeometryKey: Hashable {
        let layout: LayoutKey
        let focus: ObjectIdentifier?

        init(_ viewport: Viewport) {
            layout = viewport.layoutKey
            focus = viewport.focus
        }
    }

    /// Lays out the chosen viewports, and any other of the same size and scroll offsets with
    /// them: those share one layout (sixteen viewers in four sizes cost four layouts), the clamped
    /// offsets included. Each layout starts from the last one of its geometry. A viewport of
    /// another geometry keeps the layout it was last drawn from; the geometries no viewport has
    /// are dropped.
    private func layoutViewports(_ chosen: [Viewport]) {
        let chosenKeys = Set(chosen.map(\.layoutKey))
        var moving: [Viewport] = []
        var staying: [Viewport] = []
        for viewport in viewports {
            if chosenKeys.contains(viewport.layoutKey) { moving.append(viewport) } else { staying.append(viewport) }
        }
        var laidOut: [LayoutKey: Viewport] = [:]
        var kept: [LayoutKey: RetainedLayout] = [:]
        // Each layout is written over its retained layout's boxes, which nothing else may share.
        for viewport in moving { viewport.boxes = [] }
        for viewport in moving {
            let key = viewport.layoutKey
            if let twin = laidOut[key] {
                viewport.boxes = twin.boxes
                viewport.takeScrollOffsets(of: twin)
                continue
            }
            let retained = layouts[key] ?? RetainedLayout(height: viewport.size.height)
            layout(viewport, from: retained)
            layoutCount += 1
            laidOut[key] = viewport
            // Under the offsets it was actually shown at: the key the next frame will have.
            kept[viewport.layoutKey] = retained
        }
        for viewport in staying where kept[viewport.layoutKey] == nil {
            kept[viewport.layoutKey] = layouts[viewport.layoutKey]
        }
        layouts = kept
    }

    /// Layouts computed so far (viewports sharing one count once): what the tests count.
    package private(set) var layoutCount = 0

    private func layout(_ viewport: Viewport, from retained: RetainedLayout) {
        engine.scrollOffset = { node in viewport.scrollOffsets[ObjectIdentifier(node)] ?? (0, 0) }
        engine.didClampScrollOffset = { node, offset in viewport.scrollOffsets[ObjectIdentifier(node)] = offset }
        var previous: [LayoutBox] = []
        swap(&previous, &retained.boxes)
        let (boxes, damage) = engine.layout(root: graph.root, size: viewport.size, previous: consume previous)
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
            return LazyWindow(firstVisibleRow: first, visibleRows: last - first).rows(count: count)
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
        viewport.boxes.compactMap { box in box.isScrollContainer ? box.frame.intersection(box.clip) : nil }
    }
}
