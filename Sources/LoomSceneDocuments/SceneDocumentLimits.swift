/// What one scene document may hold. A document comes from any control client or a file an
/// operator dropped in a directory: each bound keeps what it costs the daemon to validate and
/// keep it small, and each is refused at validation with its name and value, before the running
/// scene is touched (nothing past a bound is truncated or half applied).
public struct SceneDocumentLimits: Sendable, Equatable {
    /// The document's text, comments included: far more than any hand-written or generated
    /// board needs (the built-in dashboard as a document is about 4 KiB).
    public var maximumBytes = 1 << 20
    /// How deeply views nest (each node, its modifiers' nodes and its conditions count one
    /// level): compiling and evaluating recurse this deep and no deeper.
    public var maximumDepth = 48
    /// Nodes (views, rows' templates, conditions) in one document.
    public var maximumNodes = 10_000
    /// The bytes of any one string in the document: a text, a path, a name.
    public var maximumStringBytes = 4_096
    /// Errors reported for one document: past it, one line says how many more there were.
    public var maximumErrors = 50

    public init() {}

    public static let `default` = SceneDocumentLimits()
}
