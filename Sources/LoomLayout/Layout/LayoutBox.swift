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

/// Text a primitive draws at a position, in its own style or dimmed.
struct Mark {
    var column: Int
    var row: Int
    var text: String
    var dim = false
}
