/// A text of styled runs lays out as a plain one: its clusters carry their run, and drawing
/// gives each run its style (`TextLayout`).
typealias StyledTextLayout = TextLayout
