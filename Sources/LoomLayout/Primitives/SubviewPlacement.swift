import LoomCells

/// What a primitive's placement produces: its children's boxes (placed through
/// `LayoutSubviews`, into the layout's boxes), and what it draws itself, in `marks` (and a
/// text's `lines`).
struct SubviewPlacement {
    /// The clip the primitive was placed with: its children's, unless it narrows it.
    let clip: GridRect
    var boxes: BoxList
    var marks: [Mark] = []
    var lines: [TextLine] = []
}
