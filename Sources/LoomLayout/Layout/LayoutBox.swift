import LoomGraph

/// One placed primitive: where it is, what it draws, what clips it. The result of layout,
/// consumed by drawing, focus and hit testing.
public struct LayoutBox {
    public let node: Node
    public let primitive: Primitive
    /// Where it is on the screen (may extend past the screen or its clip).
    public let frame: GridRect
    /// What may be drawn: the intersection of the scroll views and frames above it.
    public let clip: GridRect
    let context: LayoutContext
    /// Laid-out text, for `.text` boxes.
    var lines: [TextLine] = []
    /// Characters the primitive draws itself (borders, dividers, a toggle's box, a picker's
    /// arrows, list separators), at absolute positions.
    var marks: [Mark] = []
    /// A row of a `List`: focusable, highlighted when focused.
    public internal(set) var isListRow = false
    /// Index of the first child box in the box list and how many descendants follow it.
    public internal(set) var descendants = 0
}

/// Characters a primitive draws at a position, in its own style or dimmed. Built from
/// ready-made clusters: marks are drawn every frame and must not segment text each time.
struct Mark {
    var column: Int
    var row: Int
    var clusters: [Cluster]
    var dim = false

    init(column: Int, row: Int, _ clusters: [Cluster], dim: Bool = false) {
        self.column = column
        self.row = row
        self.clusters = clusters
        self.dim = dim
    }

    /// A horizontal line of `width` cells.
    static func line(column: Int, row: Int, width: Int, dim: Bool = false) -> Mark {
        Mark(column: column, row: row, Array(repeating: .horizontalLine, count: max(0, width)), dim: dim)
    }
}
