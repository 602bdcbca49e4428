import LoomCells
import LoomGraph

/// What a primitive inherits from its ancestors during layout and drawing.
struct LayoutContext: Hashable {
    /// The axis of the nearest stack: a `Divider` or `Spacer` follows it.
    var stackAxis: Axis?
    var text = TextOptions()
    var style = Style()
    /// Inside `disabled(true)`: its controls are skipped by focus (and drawn dim).
    var isDisabled = false
    /// Inside `hidden()`: nothing is drawn, and its controls are skipped by focus.
    var isHidden = false
    /// The columns of the grid a `GridRow` is placed in (set for its rows by `GridLayout`), by
    /// the number the engine gave them (`GridColumnNumbers`): a number, not the widths,
    /// so that a context is plain data, copied and compared for every box placed with nothing
    /// to retain or release.
    var grid: Int?
    /// The colour of the controls below (`tint`): a toggle's box, a progress bar, a stepper's
    /// signs; nil: the text's own colour.
    var tint: Color?
    /// Where the scroll containers below rest until scrolled (`defaultScrollAnchor`); nil: the
    /// top leading corner.
    var scrollAnchor: UnitPoint?

    /// The part of the context that changes sizes (styles do not).
    var measuringKey: TextOptions { text }
}
