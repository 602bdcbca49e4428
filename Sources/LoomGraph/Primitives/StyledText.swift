import LoomCells

/// A text of several runs, as layout receives it (`Primitive.styledText`): the strings are
/// made (a date formatted for now), and each run's style is what it adds to the style the views
/// around the text set.
public struct StyledText: Sendable, Hashable {
    public struct Run: Sendable, Hashable {
        public var string: String
        public var attributes: TextStyle
        /// nil: the colour around the text; `.some(nil)`: the terminal's own (`.primary`).
        public var foreground: Color??

        public init(string: String, attributes: TextStyle, foreground: Color??) {
            self.string = string
            self.attributes = attributes
            self.foreground = foreground
        }
    }

    public var runs: [Run]

    public init(runs: [Run]) {
        self.runs = runs
    }

    /// The text without its styles.
    public var string: String { runs.map(\.string).joined() }
}
