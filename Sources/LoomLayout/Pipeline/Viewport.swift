import LoomCells
import LoomGraph

/// One viewer's view of a graph: its size, where each scroll container is scrolled to, what
/// has focus, and the grid it was last sent. Viewers of one graph share its view state; each
/// has its own viewport.
package final class Viewport {
    package internal(set) var size: Size {
        didSet { geometryChanged() }
    }
    /// Scroll positions by scroll container (a `ScrollView` or a `List` node); one not here
    /// rests at its anchor.
    var scrollOffsets: [ObjectIdentifier: ScrollPosition] = [:] {
        didSet { geometryChanged() }
    }
    /// Whether the rows lazy containers build were asked since its size or an offset last
    /// changed: while every viewport's were, a frame need not ask again (the rows follow the
    /// viewports, and the row pitch layout measures, whose changes the renderer asks after).
    var lazyRowsAsked = false
    /// The focused control or list row.
    package internal(set) var focus: ObjectIdentifier?
    /// The boxes of the last layout (for focus order, hit testing and scrolling).
    package internal(set) var boxes: [LayoutBox] = []
    /// What the viewer was last sent.
    package internal(set) var grid: CellGrid
    /// Whether the next frame must repaint everything (new viewer, resize).
    package internal(set) var needsKeyframe = true
    /// An observer's: focus, scrolling and links work, controls that change data are inert
    /// (drawn dim, see `Focus.swift`).
    package var isReadOnly = false
    /// The graph's last `@FocusState` write this viewport's focus followed
    /// (`ViewGraph.focusRequestGeneration`); a new viewport follows the last one made.
    var followedFocusRequest = 0
    /// The graph's last `scrollTo` this viewport followed (`ViewGraph.scrollRequestGeneration`).
    var followedScrollRequest = 0
    /// What the host keeps for this viewport (the daemon: its viewer's session), found from a
    /// frame's viewports without a table; the host sets it, and clears it when it lets the
    /// viewport go (it may hold the viewport itself).
    package var host: AnyObject?
    /// The clicks of this viewer's pointer, counted into series (double clicks).
    var clickSeries = ClickSeries()

    /// The key of its layout, made again only after its size or an offset changed.
    var layoutKey: LayoutKey {
        if let knownLayoutKey { return knownLayoutKey }
        let key = LayoutKey(size: size, scrollOffsets: scrollOffsets)
        knownLayoutKey = key
        return key
    }

    private var knownLayoutKey: LayoutKey?

    private func geometryChanged() {
        knownLayoutKey = nil
        lazyRowsAsked = false
    }

    /// Takes the offsets a viewport of the same layout key was shown at (clamped to its content).
    func takeScrollOffsets(of twin: Viewport) {
        scrollOffsets = twin.scrollOffsets
        knownLayoutKey = twin.knownLayoutKey
    }

    init(size: Size) {
        self.size = size
        self.grid = CellGrid(width: size.width, height: size.height)
    }

    /// The row a scroll container was last shown scrolled to.
    package func scrollOffset(of container: Node) -> Int {
        scrollOffsets[ObjectIdentifier(container)]?.y ?? 0
    }

    /// A new size, and a keyframe next: a viewer that says its size again (the same one) is
    /// repainted whole, as one whose terminal was redrawn by someone else needs.
    package func resize(to size: Size) {
        needsKeyframe = true
        guard size != self.size else { return }
        self.size = size
        grid = CellGrid(width: size.width, height: size.height)
    }

    /// Scrolls a container by `rows` (and `columns`) from where it was last shown, away from
    /// its anchor along each axis moved; layout keeps it within the content, and rests it at the
    /// anchor again when it got there.
    package func scroll(_ container: Node, rows: Int, columns: Int = 0) {
        let id = ObjectIdentifier(container)
        var position = scrollOffsets[id] ?? ScrollPosition()
        if columns != 0 {
            position.x = position.x.adding(columns)
            position.xAtAnchor = false
        }
        if rows != 0 {
            position.y = position.y.adding(rows)
            position.yAtAnchor = false
        }
        scrollOffsets[id] = position
    }

    /// Moves the focus and the scroll offsets to the nodes that copy theirs, after the viewer
    /// moved to a graph copied from the one it showed (`ViewGraph.copiedNodes`); called again as
    /// the copy builds more rows, it leaves what it moved. Offsets of containers not copied are
    /// dropped; so is the focus when `final`, else it waits for rows built later.
    package func follow(_ copies: [ObjectIdentifier: ObjectIdentifier], final: Bool) {
        let copied = Set(copies.values)
        var moved: [ObjectIdentifier: ScrollPosition] = [:]
        for (container, offset) in scrollOffsets {
            if let copy = copies[container] {
                moved[copy] = offset
            } else if copied.contains(container) {
                moved[container] = offset
            }
        }
        scrollOffsets = moved
        if let focus, let copy = copies[focus] {
            self.focus = copy
        } else if let focus, copied.contains(focus) {
            return
        } else if final {
            focus = nil
        }
    }

    /// Scrolls a container to show `row` at its top, away from its anchor.
    package func scroll(_ container: Node, toRow row: Int) {
        let id = ObjectIdentifier(container)
        var position = scrollOffsets[id] ?? ScrollPosition()
        position.y = max(0, row)
        position.yAtAnchor = false
        scrollOffsets[id] = position
    }
}

/// Where a viewer's terminal shows its cursor (a focused text field's caret).
package struct CursorPosition: Sendable, Hashable {
    package let row: Int
    package let column: Int
}
