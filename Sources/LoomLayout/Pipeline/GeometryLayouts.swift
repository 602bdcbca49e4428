import LoomCells
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
        init(height: Int) { damage = DamagedRows(height: height) }
    }

    private var retained: [LayoutKey: Retained] = [:]

    /// Layouts computed so far (viewports sharing one count once): what the tests count.
    private(set) var count = 0

    /// Whether every layout of the last `layout` call kept its last layout but for leaves of
    /// the same sizes (`LayoutEngine.placedLeavesOnly`): no size, row pitch or scroll position
    /// changed in it.
    private(set) var placedLeavesOnly = false

    subscript(key: LayoutKey) -> Retained? { retained[key] }

    /// Lays out the chosen viewports, and every other viewport of the same geometry with them.
    func layout(_ chosen: [Viewport], among viewports: [Viewport], root: Node, engine: LayoutEngine) {
        let chosenKeys = Set(chosen.map(\.layoutKey))
        var moving: [Viewport] = []
        var staying: [Viewport] = []
        for viewport in viewports {
            if chosenKeys.contains(viewport.layoutKey) { moving.append(viewport) } else { staying.append(viewport) }
        }
        var laidOut: [LayoutKey: Viewport] = [:]
        var kept: [LayoutKey: Retained] = [:]
        placedLeavesOnly = true
        // Each layout is written over its retained layout's boxes, which nothing else may share.
        for viewport in moving { viewport.boxes = [] }
        for viewport in moving {
            let key = viewport.layoutKey
            if let twin = laidOut[key] {
                viewport.boxes = twin.boxes
                viewport.takeScrollOffsets(of: twin)
                continue
            }
            let last = retained[key] ?? Retained(height: viewport.size.height)
            layout(viewport, from: last, root: root, engine: engine)
            placedLeavesOnly = placedLeavesOnly && engine.placedLeavesOnly
            count += 1
            laidOut[key] = viewport
            // Under the offsets it was actually shown at: the key the next frame will have.
            kept[viewport.layoutKey] = last
        }
        for viewport in staying where kept[viewport.layoutKey] == nil {
            kept[viewport.layoutKey] = retained[viewport.layoutKey]
        }
        retained = kept
    }

    /// Every drawing is now up to date with its layout: damage counts from here.
    func markDrawn() {
        for layout in retained.values {
            layout.drawnVersion = layout.version
            layout.damage = DamagedRows(height: layout.damage.height)
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
