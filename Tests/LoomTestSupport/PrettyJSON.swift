import LoomJSON

/// JSON as the repository's generated files hold it: two-space indents, one member or element
/// per line, members in their order, so a change to a declaration is a readable diff.
public enum PrettyJSON {
    public static func text(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let object) where !object.isEmpty:
            return "{\n" + object.map { inner + JSONWriter.string(.string($0.key)) + ": " + text($0.value, indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + text($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        default:
            return JSONWriter.string(value)
        }
    }
}
