import LoomCells
import LoomGraph

/// One viewer's view of a graph: its size, where each scroll container is scrolled to, what
/// has focus, and the grid it was last sent. Viewers of one graph share its view state; each
/// has its own viewport.
package final class Viewport {
    package internal(set) var size: Size {
        didSet { knownLayoutKey = nil }
    }
    /// Scroll offsets by scroll container (a `ScrollView` or a `List` node).
    var scrollOffsets: [ObjectIdentifier: (x: Int, y: Int)] = [:] {
        didSet { knownLayoutKey = nil }
    }
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

    /// Takes the offsets a viewport of the same layout key was shown at (clamped to its content).
    func takeScrollOffsets(of twin: Viewport) {
        scrollOffsets = twin.scrollOffsets
        knownLayoutKey = twin.knownLayoutKey
    }

    init(size: Size) {
        self.size = size
        self.grid = CellGrid(width: size.width, height: size.height)
    }

    /// The row a scroll container is scrolled to.
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

    /// Scrolls a container by `rows` (and `columns`); layout clamps to the content.
    package func scroll(_ container: Node, rows: Int, columns: Int = 0) {
        let id = ObjectIdentifier(container)
        let current = scrollOffsets[id] ?? (0, 0)
        scrollOffsets[id] = (max(0, current.x.adding(columns)), max(0, current.y.adding(rows)))
    }

    /// Moves the focus and the scroll offsets to the nodes that copy theirs, after the viewer
    /// moved to a graph copied from the one it showed (`ViewGraph.copiedNodes`); called again as
    /// the copy builds more rows, it leaves what it moved. Offsets of containers not copied are
    /// dropped; so is the focus when `final`, else it waits for rows built later.
    package func follow(_ copies: [ObjectIdentifier: ObjectIdentifier], final: Bool) {
        let copied = Set(copies.values)
        var moved: [ObjectIdentifier: (x: Int, y: Int)] = [:]
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

    package func scroll(_ container: Node, toRow row: Int) {
        let id = ObjectIdentifier(container)
        scrollOffsets[id] = (scrollOffsets[id]?.x ?? 0, max(0, row))
    }
}

/// Where a viewer's terminal shows its cursor (a focused text field's caret).
package struct CursorPosition: Sendable, Hashable {
    package let row: Int
    package let column: Int
}
