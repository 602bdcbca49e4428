import LoomCells
import LoomGraph

/// How one kind of primitive lays out and draws, in one place: the size it chooses for a
/// proposal, where its children and its own characters go inside the frame its parent gave it,
/// what its descendants inherit from it, and how it draws. Like SwiftUI's `Layout` (and
/// Tokamak's `PaddingLayout`), measuring and placing one primitive sit side by side, so its
/// chrome (a toggle's box, a link's arrow) is measured from the same glyphs it draws.
///
/// Each primitive has one type, in its own file in this folder; `Primitive.layout` is the one
/// place that picks it. Adding a primitive is a file and a line there.
///
/// The defaults are a wrapper's: its content is laid out in its frame (one element, or several
/// stacked vertically), it passes nothing down and draws its marks (none).
protocol PrimitiveLayout {
    /// The size it chooses for `proposal` (SwiftUI's `sizeThatFits`).
    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size
    /// Places its children inside `frame`, and sets down what it draws itself (SwiftUI's
    /// `placeSubviews`).
    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement)
    /// What its descendants (and its own drawing) inherit from it: text options and styles.
    func inherit(_ context: inout LayoutContext)
    /// Draws its own cells (not its children's) of `box` inside `clip`.
    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable)
    /// Its drawing is its marks alone (the default `draw`): a box of it with none draws
    /// nothing, and drawing passes it by — a row's stacks and spacers, a frame around a text.
    /// Layouts that draw more are `DrawingLayout`s.
    var drawsOnlyItsMarks: Bool { get }
    /// It scrolls its content: focus moving inside it scrolls it to show the focused box.
    var isScrollContainer: Bool { get }
    /// A list row's traits (`listRowSeparator`) are found through it: it changes how its
    /// content looks or where it sits, not what the row is.
    var passesRowTraits: Bool { get }

    /// Whether its marks (a toggle's box, a bar) take the `tint` around it.
    var isTinted: Bool { get }

    /// What a click on a cell of its control's box does, when that depends on where (a picker's
    /// arrows); nil: what Enter does.
    func clickActions(column: Int, row: Int, in box: LayoutBox) -> [ControlAction]?
}

/// A layout that draws more than its marks (a text, a colour, a border): it implements `draw`,
/// and its boxes are drawn whether or not they have marks.
protocol DrawingLayout: PrimitiveLayout {}

extension DrawingLayout {
    var drawsOnlyItsMarks: Bool { false }
}

extension PrimitiveLayout {
    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews.contentSize(proposal)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        subviews.placeContent(in: frame, into: &placement)
    }

    func inherit(_ context: inout LayoutContext) {}

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        guard !box.marks.isEmpty else { return }
        var own = box.context
        inherit(&own)
        if isTinted, let tint = box.context.tint { own.style.foreground = tint }
        var dim = box.context.style
        dim.attributes.insert(.dim)
        Drawing.drawMarks(box.marks, style: styles.id(for: own.style), dimStyle: styles.id(for: dim), clip: clip, into: &grid)
    }

    var drawsOnlyItsMarks: Bool { true }

    var isScrollContainer: Bool { false }
    var passesRowTraits: Bool { false }
    var isTinted: Bool { false }
    func clickActions(column: Int, row: Int, in box: LayoutBox) -> [ControlAction]? { nil }
}

/// A modifier that changes only what its content inherits (a text option or a style) and is
/// otherwise its content: it passes a row's traits through.
protocol InheritingModifierLayout: PrimitiveLayout {}

extension InheritingModifierLayout {
    var passesRowTraits: Bool { true }
}
