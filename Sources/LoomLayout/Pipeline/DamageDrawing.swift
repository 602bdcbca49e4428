import LoomCells
import LoomGraph

/// Stages 4 and 5, drawing and diff per geometry.
///
/// Viewports of one geometry (layout and focus) show one grid: it is drawn once, over that
/// geometry's last drawing where it can be (only the damaged rows: see `draw(_:for:layouts:)`),
/// and each of its viewports gets a `Frame`: a keyframe for a new or resized viewer, else the
/// diff from the grid it was last sent (`GridDiff`), computed once for all the viewers that were
/// sent the same grid. Frames are handed over as soon as their geometry is drawn, so their
/// viewers can be written to while the next geometry is drawn.
final class DamageDrawing {
    let styles: StyleTable

    /// What a drawing depends on: the layout, the focus, and whether controls are inert.
    struct GeometryKey: Hashable {
        let layout: LayoutKey
        let focus: ObjectIdentifier?
        let inert: Bool

        init(_ viewport: Viewport) {
            layout = viewport.layoutKey
            focus = viewport.focus
            inert = viewport.isReadOnly
        }
    }

    /// Each geometry's last drawing, and the version of the layout it was drawn from.
    private var drawings: [GeometryKey: (grid: CellGrid, version: Int)] = [:]

    /// Rows drawn in the last frame, over all geometries: what the tests count.
    private(set) var drawnRows = 0

    init(styles: StyleTable) {
        self.styles = styles
    }

    /// Draws the chosen viewports' geometries and hands each frame to `deliver`.
    func draw(_ chosen: [Viewport], layouts: GeometryLayouts, deliver: (Frame) -> Void) {
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
            let group = groups[key] ?? []
            let (grid, frames) = draw(key, for: group, layouts: layouts)
            drawn[key] = (grid, layouts[key.layout]?.version ?? -1)
            for viewport in group {
                viewport.grid = grid
                viewport.needsKeyframe = false
            }
            frames.forEach(deliver)
        }
        // What was drawn is what the next frame draws over; damage is counted from here.
        drawings = drawn
        layouts.markDrawn()
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
    private func draw(_ key: GeometryKey, for group: [Viewport], layouts: GeometryLayouts) -> (CellGrid, [Frame]) {
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
        Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus, inert: viewport.isReadOnly)
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
            Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus, inert: viewport.isReadOnly, band: band)
        }
        drawnRows += damage.count
    }

    private func scrollRegions(_ viewport: Viewport) -> [GridRect] {
        viewport.boxes.compactMap { box in box.isScrollContainer ? box.frame.intersection(box.clip) : nil }
    }
}
