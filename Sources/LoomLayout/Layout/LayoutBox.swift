import LoomCells
import LoomGraph

/// One placed primitive: where it is, what it draws, what clips it. The result of layout,
/// consumed by drawing, focus and hit testing.
package struct LayoutBox {
    package let node: Node
    package let primitive: Primitive
    /// Where it is on the screen (may extend past the screen or its clip).
    package let frame: GridRect
    /// What may be drawn: the intersection of the scroll views and frames above it.
    package let clip: GridRect
    let context: LayoutContext
    /// Laid-out text, for `.text` boxes.
    var lines: [TextLine] = []
    /// Characters the primitive draws itself (borders, dividers, a toggle's box, a picker's
    /// arrows, list separators), at absolute positions.
    var marks: [Mark] = []
    /// A row of a `List`: focusable, highlighted when focused.
    package internal(set) var isListRow = false
    /// It scrolls its content (see `PrimitiveLayout.isScrollContainer`): kept, because focus
    /// and the diff's scroll regions ask it of every box.
    var isScrollContainer = false
    /// Index of the first child box in the box list and how many descendants follow it.
    package internal(set) var descendants = 0
    /// The node's layout stamp when it was placed (or found unchanged but for leaves below that
    /// kept their sizes): while it is the same, nothing below changed.
    var stamp: Int
    /// The rows its own drawing (not its children's) may touch: its frame's and its marks', clipped.
    var drawnRows: Range<Int> = 0..<0

    init(node: Node, primitive: Primitive, frame: GridRect, clip: GridRect, context: LayoutContext) {
        self.node = node
        self.primitive = primitive
        self.frame = frame
        self.clip = clip
        self.context = context
        stamp = node.layoutStamp
    }

    /// Whether its own drawing is the same as `other`'s: the same cells in the same places.
    /// (The primitive first after the places: a box placed again mostly shows something new.)
    func drawsLike(_ other: LayoutBox) -> Bool {
        frame == other.frame && clip == other.clip && drawnRows == other.drawnRows && primitive == other.primitive
            && context == other.context && lines == other.lines && marks == other.marks
    }

    /// Sets `drawnRows` from the frame and the marks: none for a box that draws only its marks
    /// and has none.
    mutating func measureDrawnRows(drawsOnlyItsMarks: Bool) {
        if drawsOnlyItsMarks && marks.isEmpty {
            drawnRows = frame.row..<frame.row
            return
        }
        var top = frame.row, bottom = frame.maxRow
        for mark in marks {
            top = min(top, mark.row)
            bottom = max(bottom, mark.row + 1)
        }
        let lower = max(top, clip.row)
        drawnRows = lower..<max(lower, min(bottom, clip.maxRow))
    }
}

/// Characters a primitive draws at a position, in its own style or dimmed, `repeats` times
/// side by side. Built from ready-made clusters: marks are drawn every frame and must not
/// segment text each time; a line is one cluster repeated, cheap to build and to compare.
struct Mark: Equatable {
    var column: Int
    var row: Int
    var clusters: [Cluster]
    var repeats = 1
    var dim = false

    init(column: Int, row: Int, _ clusters: [Cluster], repeats: Int = 1, dim: Bool = false) {
        self.column = column
        self.row = row
        self.clusters = clusters
        self.repeats = max(0, repeats)
        self.dim = dim
    }

    /// A horizontal line of `width` cells.
    static func line(column: Int, row: Int, width: Int, dim: Bool = false) -> Mark {
        Mark(column: column, row: row, Cluster.horizontalLineRun, repeats: width, dim: dim)
    }
}
