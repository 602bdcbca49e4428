extension JSONPointer: ExpressibleByStringLiteral {
    /// A pointer written in the program (`let jobs: JSONPointer = "/jobs"`, `store.set(v, at:
    /// "/jobs/42")`): no `try`, since the text is the program's own. A malformed literal (no
    /// leading `/`, a bad `~` escape) is a programming error and stops the program with the
    /// text, as `URL(string:)!` would; a path from input goes through `init(_:) throws`.
    public init(stringLiteral path: String) {
        self.init(declared: path, in: "JSONPointer")
    }
}
