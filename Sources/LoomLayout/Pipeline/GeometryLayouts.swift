import LoomCells
import LoomCollections
import LoomGraph

/// Stage 3, layout per geometry.
///
/// Viewports of one size and scroll offsets (one `LayoutKey`) share one layout: sixteen viewers
/// in four sizes cost four layouts, and a viewport laid out with a twin takes the twin's clamped
/// offsets. Each geometry keeps its last layout, which its next layout starts from
/// (`PlacementReuse`: subtrees in which nothing changed are copied, not placed), and the rows
/// damaged since its drawings were last brought up to date. Only the geometries of the chosen
/// viewports are laid out; another viewport keeps the layout it was last drawn from, and the
/// geometries no viewport has are dropped.
final class GeometryLayouts {
    /// One geometry's last layout. `version` counts its layouts; `drawnVersion` is the version
    /// its drawings were last brought up to date from (the drawing stage draws only `damage`
    /// over a drawing of that version, see `DamageDrawing`).
    final class Retained {
        var boxes: [LayoutBox] = []
        var version = 0
        var drawnVersion = -1
        var damage: DamagedRows
        /// The graph's structure generation when `boxes` were laid out.
        var structure: Int?
        /// The last `layout` call a chosen viewport had this geometry in, and the viewport it
        /// was laid out for in that call (its twins take that viewport's boxes), kept only
        /// during the call.
        fileprivate var chosenIn = 0
        fileprivate var laidOutFor: Viewport?
        /// The last call in which a viewport showed this geometry (the others are dropped).
        fileprivate var shownIn = 0
        init(height: Int) { damage = DamagedRows(height: height) }
    }

    /// Kept from call to call and changed in place: a frame of one viewer makes no dictionary.
    private var retained: [LayoutKey: Retained] = [:]
    /// Counts `layout` calls: what `Retained`'s marks are compared with.
    private var call = 0
    /// Each viewport's retained layout during a `layout` call, in the order of the viewports;
    /// empty between calls (it holds no layout that was dropped).
    private var found: [Retained?] = []

    /// Layouts computed so far (viewports sharing one count once): what the tests count.
    private(set) var count = 0

    /// Whether every layout of the last `layout` call kept its last layout but for leaves of
    /// the same sizes (`LayoutEngine.placedLeavesOnly`): no size, row pitch or scroll position
    /// changed in it.
    private(set) var placedLeavesOnly = false

    subscript(key: LayoutKey) -> Retained? { retained[key] }

    /// Lays out the chosen viewports, and every other viewport of the same geometry with them.
    /// The chosen are some of `viewports`, each once (the renderer's own).
    func layout(_ chosen: [Viewport], among viewports: [Viewport], root: Node, engine: LayoutEngine) {
        assert(chosen.allSatisfy { viewport in viewports.contains { $0 === viewport } }, "a chosen viewport is not the renderer's")
        call += 1
        /// A chosen viewport's retained layout, made when its geometry is new, marked chosen.
        func chosenLayout(of viewport: Viewport) -> Retained {
            let key = viewport.layoutKey
            let last: Retained
            if let known = retained[key] {
                last = known
            } else {
                last = Retained(height: viewport.size.height)
                retained[key] = last
            }
            last.chosenIn = call
            return last
        }
        // Each viewport's retained layout, found once (a key lookup hashes and compares offsets),
        // into a list whose storage is kept from call to call. When every viewport is chosen
        // (the chosen are some of the viewports, each once), as in most frames, each is looked
        // up once; else the chosen ones first, so that another of their geometry finds theirs.
        if chosen.count == viewports.count {
            for viewport in viewports { found.append(chosenLayout(of: viewport)) }
        } else {
            for viewport in chosen { _ = chosenLayout(of: viewport) }
            for viewport in viewports { found.append(retained[viewport.layoutKey]) }
        }
        // Each layout is written over its retained layout's boxes, which nothing else may share.
        for (viewport, last) in zip(viewports, found) where last?.chosenIn == call { viewport.boxes = [] }
        placedLeavesOnly = true
        // Layouts whose viewports were clamped to other offsets: kept under the key the next
        // frame will have, once every twin has found them under the old one.
        var moved: [(from: LayoutKey, to: LayoutKey, layout: Retained)] = []
        for (viewport, last) in zip(viewports, found) {
            guard let last, last.chosenIn == call else { continue }
            let key = viewport.layoutKey
            if let twin = last.laidOutFor {
                viewport.boxes = twin.boxes
                viewport.takeScrollOffsets(of: twin)
                continue
            }
            layout(viewport, from: last, root: root, engine: engine)
            placedLeavesOnly = placedLeavesOnly && engine.placedLeavesOnly
            count += 1
            last.laidOutFor = viewport
            if viewport.layoutKey != key { moved.append((key, viewport.layoutKey, last)) }
        }
        // All taken out before any is put back: one layout's new key may be another's old one.
        for (old, _, _) in moved { retained[old] = nil }
        for (_, new, layout) in moved { retained[new] = layout }
        // A viewport shows the layout it was found with, moved under its new key or not. (One
        // whose key a moved layout took over marks the layout it had, which is no longer kept.)
        for last in found { last?.shownIn = call }
        found.removeAllKeepingStorage()
        var shown = 0
        for layout in retained.values {
            layout.laidOutFor = nil
            if layout.shownIn == call { shown += 1 }
        }
        if shown < retained.count { retained = retained.filter { $0.value.shownIn == call } }
    }

    /// Every drawing is now up to date with its layout: damage counts from here.
    func markDrawn() {
        for layout in retained.values {
            layout.drawnVersion = layout.version
            layout.damage.removeAll()
        }
    }

    private func layout(_ viewport: Viewport, from retained: Retained, root: Node, engine: LayoutEngine) {
        engine.scrollPosition = { node in viewport.scrollOffsets[ObjectIdentifier(node)] ?? ScrollPosition() }
        engine.didResolveScrollPosition = { node, position in viewport.scrollOffsets[ObjectIdentifier(node)] = position }
        var previous: [LayoutBox] = []
        swap(&previous, &retained.boxes)
        let structure = root.structureGeneration
        let (boxes, damage) = engine.layout(root: root, size: viewport.size, previous: consume previous, previousStructure: retained.structure)
        viewport.boxes = boxes
        retained.boxes = boxes
        retained.structure = structure
        retained.version += 1
        retained.damage.formUnion(damage)
    }
}
