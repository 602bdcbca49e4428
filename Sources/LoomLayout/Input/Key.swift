/// A key (or mouse wheel) event from a viewer, already decoded from the terminal's bytes.
/// Public so a `ViewHost` can be sent the keys a viewer's terminal would send.
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case tab, backTab
    case enter, space, escape, backspace
    case pageUp, pageDown, home, end
    case character(Character)
    /// The wheel turned over a cell: positive `lines` scrolls down.
    case wheel(lines: Int, row: Int, column: Int)
}
