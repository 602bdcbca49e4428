/// A key (or mouse) event from a viewer, already decoded from the terminal's bytes.
/// Public so a `ViewHost` can be sent the keys a viewer's terminal would send.
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case tab, backTab
    case enter, space, escape, backspace
    /// Forward delete (the Delete key).
    case delete
    case pageUp, pageDown, home, end
    /// Alt-← and Alt-→ (Ctrl too): a word back or forward in a text field.
    case wordLeft, wordRight
    /// Alt-Backspace or Ctrl-W: the word before the caret.
    case deleteWordBackward
    /// Ctrl-U and Ctrl-K: the text before and after the caret.
    case deleteToStart, deleteToEnd
    case character(Character)
    /// Text pasted at once (the terminal's bracketed paste): one edit, not a key per character.
    case paste(String)
    /// The wheel turned over a cell: positive `lines` scrolls down.
    case wheel(lines: Int, row: Int, column: Int)
    /// The primary mouse button pressed over a cell.
    case click(row: Int, column: Int)
}
