import LoomJSON

/// Where a document reads a value, resolved when the document is compiled: a template or a
/// binding parses nothing when it is evaluated, and what each node reads is known statically.
///
/// Written in the document as an absolute pointer (`/hosts/web-1/load`, RFC 6901), a path
/// relative to the innermost repetition's member (`load`, `disk/used`), a named repetition's
/// member (`$host/name`, the `as` of a `ForEach`), or a member's key (`$key`, `$host.key`) or
/// whole value (`$value`).
public enum DataPath: Sendable, Hashable, CustomStringConvertible {
    case absolute(JSONPointer)
    /// Inside the member of the repetition `depth` levels from the outermost (0).
    case member(depth: Int, tokens: [String])
    /// The key of that repetition's member (an object's member name, or an array element's
    /// `id` member, or its index): not a store read.
    case key(depth: Int)
    /// A value the document derives from a collection (its `values`): `$byStatus/failed`.
    case derived(name: String, tokens: [String])

    /// The written form, for messages.
    public var description: String {
        switch self {
        case .absolute(let pointer): pointer.description
        case .member(let depth, let tokens): "member\(depth)" + (tokens.isEmpty ? "" : "/" + tokens.joined(separator: "/"))
        case .key(let depth): "$key\(depth)"
        case .derived(let name, let tokens): "$" + ([name] + tokens).joined(separator: "/")
        }
    }
}
