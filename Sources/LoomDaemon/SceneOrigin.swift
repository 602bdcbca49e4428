/// Where a scene comes from, as `loom scenes` lists it: the rule for a name two sources give is
/// in docs/scene-documents.md ("Where scenes live").
enum SceneOrigin: Equatable, CustomStringConvertible {
    /// Swift views compiled into the daemon: never replaced or removed through the socket.
    case builtIn
    /// A document applied through the socket, kept in the state directory.
    case declared
    /// A document in the scenes directory (`--scenes`), read at start and on SIGHUP: the file
    /// owns the name, and the socket may not replace or remove it.
    case file(String)

    var description: String {
        switch self {
        case .builtIn: "built-in"
        case .declared: "declared"
        case .file(let path): "file \(path)"
        }
    }
}
