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
        var drawn: [GeometryKey: (grid: CellGrid, old: CellGrid?, operations: [GridOperation])] = [:]
        return chosen.map { viewport in
            let key = GeometryKey(viewport)
            if let shared = drawn[key], shared.old == viewport.grid, !viewport.needsKeyframe {
                viewport.grid = shared.grid
                return (viewport, shared.operations)
            }
            var grid = drawn[key]?.grid ?? CellGrid(width: viewport.size.width, height: viewport.size.height)
            if drawn[key] == nil { Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus) }
            let operations = viewport.needsKeyframe
                ? GridDiff.keyframe(grid)
                : GridDiff.diff(from: viewport.grid, to: grid, scrollRegions: scrollRegions(viewport))
            if !viewport.needsKeyframe { drawn[key] = (grid, viewport.grid, operations) } else if drawn[key] == nil { drawn[key] = (grid, nil, []) }
            viewport.grid = grid
            viewport.needsKeyframe = false
            return (viewport, operations)
        }
    }

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
    /// (sixteen viewers in four sizes cost four layouts), the clamped offsets included.
    private func layoutViewports() {
        let firstPass = engine.nextPass
        defer { engine.prune(keepingPassesFrom: firstPass) }
        var laidOut: [LayoutKey: Viewport] = [:]
        for viewport in viewports {
            let key = LayoutKey(viewport)
            if let twin = laidOut[key] {
                viewport.boxes = twin.boxes
                viewport.scrollOffsets = twin.scrollOffsets
                continue
            }
            layout(viewport)
            layoutCount += 1
            laidOut[key] = viewport
        }
    }

    /// Layouts computed so far (viewports sharing one count once): what the tests count.
    public private(set) var layoutCount = 0

    private func layout(_ viewport: Viewport) {
        engine.scrollOffset = { node in viewport.scrollOffsets[ObjectIdentifier(node)] ?? (0, 0) }
        engine.didClampScrollOffset = { node, offset in viewport.scrollOffsets[ObjectIdentifier(node)] = offset }
        viewport.boxes = engine.layout(root: graph.root, size: viewport.size)
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
