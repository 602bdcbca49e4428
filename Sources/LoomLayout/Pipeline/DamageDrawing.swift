import LoomCells
import LoomCollections
import LoomGraph

/// Stages 4 and 5, drawing and diff per geometry.
///
/// Viewports of one geometry (layout and focus) show one grid: it is drawn once, over that
/// geometry's last drawing where it can be (only the damaged rows: see `draw(_:layout:into:)`),
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

    /// Each geometry's last drawing, the version of the layout it was drawn from, and while a
    /// frame is drawn, the chosen viewports that show it.
    private final class Drawn {
        let key: GeometryKey
        /// Taken out while it is drawn over, so that nothing but the viewers holds it.
        var grid: CellGrid?
        var version = -1
        var group: [Viewport] = []
        /// The last `draw` call that drew it.
        var drawnIn = 0
        init(_ key: GeometryKey) { self.key = key }
    }

    /// Kept from frame to frame and changed in place: a frame of one viewer makes no dictionary.
    private var drawings: [GeometryKey: Drawn] = [:]
    /// The geometries of the frame being drawn, in the order their first viewport was chosen.
    private var order: [Drawn] = []
    /// The frames of the geometry being drawn (kept for their storage).
    private var frames: [Frame] = []
    /// The rows a change drawn in place replaces, and their cells before it, one row after
    /// another: kept for their storage, empty between frames.
    private var rowsBefore: [Int] = []
    private var cellsBefore: [Cell] = []
    /// The most cells `cellsBefore` keeps room for between frames (24 KB: five rows of a
    /// 200-column screen; most changes are a row or two). A change of more rows (up to half the
    /// screen is drawn in place) gives its room back once diffed, so that a graph — there is
    /// one per viewer with a view state of its own — does not hold half a screen while idle.
    static let keptCellsCapacity = 1_024
    /// The room `cellsBefore` holds between frames: what the tests check against the bound.
    var keptCells: Int { cellsBefore.capacity }
    /// The lists of the frame of a change drawn in place, kept for their storage: emptied once
    /// the frame that shares them is delivered and let go. The viewports are at most the
    /// geometry's; the operations keep room for `keptOperationsCapacity`.
    private var inPlace = (viewports: [Viewport](), operations: [GridOperation]())
    /// The most operations `inPlace` keeps room for between frames (a few rows' changed spans,
    /// a few KB): a change of many rows, or of rows changed in many places, gives its room back.
    static let keptOperationsCapacity = 64
    /// The room the operations list holds between frames: what the tests check against the bound.
    var keptOperations: Int { inPlace.operations.capacity }
    /// Counts `draw` calls: what `Drawn.drawnIn` is compared with.
    private var call = 0

    /// Rows drawn in the last frame, over all geometries: what the tests count.
    private(set) var drawnRows = 0
    /// Boxes drawn in the last frame, over all geometries: what the tests count.
    private(set) var drawnBoxes = 0

    init(styles: StyleTable) {
        self.styles = styles
    }

    /// Draws the chosen viewports' geometries and hands each frame to `deliver`.
    func draw(_ chosen: [Viewport], layouts: GeometryLayouts, deliver: (Frame) -> Void) {
        call += 1
        for viewport in chosen {
            let key = GeometryKey(viewport)
            let drawn: Drawn
            if let known = drawings[key] {
                drawn = known
            } else {
                drawn = Drawn(key)
                drawings[key] = drawn
            }
            if drawn.drawnIn != call {
                drawn.drawnIn = call
                order.append(drawn)
            }
            drawn.group.append(viewport)
        }
        drawnRows = 0
        drawnBoxes = 0
        for drawn in order {
            // Looked up once: a key is hashed and its offsets compared.
            let layout = layouts[drawn.key.layout]
            let grid = draw(drawn, layout: layout, into: &frames)
            drawn.grid = grid
            drawn.version = layout?.version ?? -1
            for viewport in drawn.group {
                viewport.grid = grid
                viewport.needsKeyframe = false
            }
            drawn.group.removeAllKeepingStorage()
            frames.forEach(deliver)
            frames.removeAllKeepingStorage()
            inPlace.viewports.removeAllKeepingStorage()
            inPlace.operations.removeAll(keepingStorageUpTo: Self.keptOperationsCapacity)
        }
        // What was drawn is what the next frame draws over; damage is counted from here.
        if order.count < drawings.count { drawings = drawings.filter { $0.value.drawnIn == call } }
        order.removeAllKeepingStorage()
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
    private func draw(_ drawn: Drawn, layout: GeometryLayouts.Retained?, into frames: inout [Frame]) -> CellGrid {
        let group = drawn.group
        let viewport = group[0]
        // Each diff with the grid it starts from, and the viewports that had that grid.
        var diffs: [(old: CellGrid, frame: Frame)] = []
        if let layout, drawn.version == layout.drawnVersion, layout.damage.count <= layout.damage.height / 2,
           var grid = drawn.grid.take() {
            let damage = layout.damage
            if damage.count < GridDiff.scrollThreshold || !damage.shifted {
                for row in 0..<damage.height where damage.contains(row) {
                    rowsBefore.append(row)
                    cellsBefore.append(contentsOf: grid.row(row))
                }
                var behind: [Viewport] = []
                for viewport in group {
                    if !viewport.needsKeyframe && viewport.grid == grid { inPlace.viewports.append(viewport) } else { behind.append(viewport) }
                }
                for viewport in inPlace.viewports { viewport.grid = CellGrid(width: 0, height: 0) }
                redraw(damage, of: viewport, into: &grid)
                if !inPlace.viewports.isEmpty {
                    GridDiff.diff(rows: rowsBefore, old: cellsBefore, to: grid, into: &inPlace.operations)
                    frames.append(Frame(viewports: inPlace.viewports, operations: inPlace.operations))
                }
                rowsBefore.removeAllKeepingStorage()
                cellsBefore.removeAll(keepingStorageUpTo: Self.keptCellsCapacity)
                finish(behind, grid)
                return grid
            }
            let old = grid
            redraw(damage, of: viewport, into: &grid)
            diffs.append((old, Frame(viewports: [], operations: GridDiff.diff(from: old, to: grid, scrollRegions: scrollRegions(viewport)))))
            finish(group, grid)
            return grid
        }
        var grid = CellGrid(width: viewport.size.width, height: viewport.size.height)
        drawnBoxes += Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus, inert: viewport.isReadOnly)
        drawnRows += grid.height
        finish(group, grid)
        return grid

        /// The frames of `viewports`: a keyframe, or a diff from what they were sent.
        func finish(_ viewports: [Viewport], _ grid: CellGrid) {
            var keyframes: [Viewport] = []
            for viewport in viewports {
                if viewport.needsKeyframe {
                    keyframes.append(viewport)
                } else if let index = diffs.firstIndex(where: { $0.old == viewport.grid }) {
                    diffs[index].frame.viewports.append(viewport)
                } else {
                    diffs.append((viewport.grid, Frame(viewports: [viewport], operations: GridDiff.diff(from: viewport.grid, to: grid, scrollRegions: scrollRegions(viewport)))))
                }
            }
            for (_, frame) in diffs where !frame.viewports.isEmpty { frames.append(frame) }
            if !keyframes.isEmpty { frames.append(Frame(viewports: keyframes, operations: GridDiff.keyframe(grid))) }
        }
    }

    /// Draws the damaged rows again, each band cleared first.
    private func redraw(_ damage: DamagedRows, of viewport: Viewport, into grid: inout CellGrid) {
        damage.forEachBand { band in
            grid.fill(GridRect(column: 0, row: band.lowerBound, width: grid.width, height: band.count), with: .blank)
            drawnBoxes += Drawing.draw(viewport.boxes, into: &grid, styles: styles, focus: viewport.focus, inert: viewport.isReadOnly, band: band)
        }
        drawnRows += damage.count
    }

    private func scrollRegions(_ viewport: Viewport) -> [GridRect] {
        viewport.boxes.compactMap { box in box.isScrollContainer ? box.frame.intersection(box.clip) : nil }
    }
}
