import LoomJSON

/// One view of a compiled document: its SwiftUI name, its checked arguments, its modifiers in
/// order, and the condition that shows it. Its identity is the object: a document applied again
/// reuses the node objects of every subtree that did not change (`SceneDocument.reusing`), so
/// views of unchanged parts compare equal and keep their graph nodes, state and focus.
public final class DocumentNode: Sendable {
    /// Where it is in the document (`/body/VStack/content/1`): what errors, traces and
    /// `--highlight-updates` name it by.
    public let pointer: String
    /// The view's name (`VStack`, `Text`, `ForEach`).
    public let view: String
    public let arguments: [String: Argument]
    public let modifiers: [Modifier]
    /// Shown only while it holds (`"if"`).
    public let condition: Predicate?
    /// The document's JSON for this node, to find unchanged subtrees when a document is applied
    /// again: two nodes at the same pointer with the same JSON are the same view.
    let source: JSONValue
    /// A `ForEach`'s `as`: the name its content reaches the member by.
    let scopeName: String?

    /// Its child views with the parameter each is under, in parameter order: a slot's view, a
    /// list's views, the views of objects' parameters (a table column's cell).
    public var children: [(parameter: String, node: DocumentNode)] {
        var found: [(String, DocumentNode)] = []
        for name in arguments.keys.sorted() {
            switch arguments[name] {
            case .node(let child)?: found.append((name, child))
            case .nodes(let children)?: found += children.map { (name, $0) }
            case .objects(let objects)?:
                for object in objects {
                    for key in object.keys.sorted() { if case .node(let child)? = object[key] { found.append((name, child)) } }
                }
            default: break
            }
        }
        return found
    }

    /// The views of its subtree, itself included (a walk with its own stack).
    var subtreeSize: Int {
        var count = 0
        var stack: [DocumentNode] = [self]
        while let node = stack.popLast() {
            count += 1
            stack += node.children.map(\.node)
        }
        return count
    }

    init(pointer: String, view: String, arguments: [String: Argument], modifiers: [Modifier], condition: Predicate?, source: JSONValue,
         scopeName: String?) {
        self.pointer = pointer
        self.view = view
        self.arguments = arguments
        self.modifiers = modifiers
        self.condition = condition
        self.source = source
        self.scopeName = scopeName
    }

    public struct Modifier: Sendable {
        public let name: String
        public let arguments: [String: Argument]
    }

    /// A checked argument, in the form its parameter type gives it.
    public enum Argument: Sendable {
        case value(ValueSource)
        case text(TextArgument)
        case choice(String)
        case node(DocumentNode)
        case nodes([DocumentNode])
        case repetition(Repetition)
        case predicate(Predicate)
        /// A store path a control writes.
        case binding(DataPath)
        /// A button's patch, and the question asked before it is applied, if any.
        case action([PatchStep], confirm: TextArgument?)
        /// Objects of parameters, in order (a table's columns).
        case objects([[String: Argument]])
        /// A store path (a `stale` modifier's).
        case path(DataPath)
        /// Seconds (a `stale` modifier's `after`).
        case seconds(Double)
        /// Modifiers (a `stale` modifier's `then`).
        case modifiers([Modifier])
        /// A range of numbers (a Gauge's `in`).
        case range(ClosedRange<Double>)
    }

    /// A text parameter: a template, or a bound value shown as text (a status mapped to a glyph).
    public indirect enum TextArgument: Sendable, Hashable {
        case template(TextTemplate)
        case value(ValueSource)
        /// Runs of text, each with a style of its own, as SwiftUI's `Text + Text`:
        /// `[{"text": "failed {$byStatus/failed}", "foregroundColor": "red"}, "  ", …]`.
        case runs([TextRun])
    }

    /// One run of a text: its text and the styles only it has (each a literal or bound).
    public struct TextRun: Sendable, Hashable {
        public let text: TextArgument
        public let styles: [String: ValueSource]

        /// The styles a run may have, each a Text modifier of SwiftUI's.
        public static let styleNames = ["foregroundColor", "bold", "italic", "underline", "strikethrough"]
    }

    /// The argument's value when it is one (`.value`), else nil.
    public func value(_ name: String) -> ValueSource? {
        if case .value(let source)? = arguments[name] { return source }
        return nil
    }

    public func text(_ name: String) -> TextArgument? {
        if case .text(let text)? = arguments[name] { return text }
        return nil
    }

    public func choice(_ name: String) -> String? {
        if case .choice(let choice)? = arguments[name] { return choice }
        return nil
    }

    public func nodes(_ name: String) -> [DocumentNode] {
        switch arguments[name] {
        case .nodes(let nodes)?: nodes
        case .node(let node)?: [node]
        default: []
        }
    }

    public func node(_ name: String) -> DocumentNode? {
        if case .node(let node)? = arguments[name] { return node }
        return nil
    }
}

extension DocumentNode {
    /// An argument's node, text or value, if it is one: for objects of arguments (a column's).
    public static func node(_ argument: Argument) -> DocumentNode? {
        if case .node(let node) = argument { return node }
        return nil
    }

    public static func text(_ argument: Argument) -> TextArgument? {
        if case .text(let text) = argument { return text }
        return nil
    }

    public static func value(_ argument: Argument) -> ValueSource? {
        if case .value(let value) = argument { return value }
        return nil
    }
}

extension DocumentNode.Modifier {
    public func text(_ name: String) -> DocumentNode.TextArgument? {
        arguments[name].flatMap(DocumentNode.text)
    }

    public func value(_ name: String) -> ValueSource? {
        if case .value(let source)? = arguments[name] { return source }
        return nil
    }

    public func choice(_ name: String) -> String? {
        if case .choice(let choice)? = arguments[name] { return choice }
        return nil
    }
}

/// One operation of a button's JSON Patch (RFC 6902), its paths resolved when the document was
/// applied: a relative path is the row's member's, joined as pointer tokens (a key holding `/`
/// stays one token; nothing is spliced as text). A `value` may be read from the store when the
/// button is pressed (`{"bind": …}`).
public struct PatchStep: Sendable, Hashable {
    public let op: String
    public let path: DataPath
    public let from: DataPath?
    public let value: ValueSource?

    /// The operations a patch may hold.
    public static let operations = ["add", "remove", "replace", "move", "copy", "test"]
}

/// A `ForEach`'s data: the members of a store object (in insertion order, keyed by name) or
/// array (keyed by their `id` member when one is named, else by index), and the scope its
/// content reads them through.
public struct Repetition: Sendable, Hashable {
    /// The container.
    public let data: DataPath
    /// The member of each element that keys it (arrays; objects are keyed by member name).
    public let id: String?
    /// The depth of the scope the content reads its member through (0 for the outermost).
    public let depth: Int
    /// The order of the rows, when not the store's: keys compared in turn.
    public let sort: [SortKey]
    /// The members shown: those for which it holds (read in the member's scope).
    public let filter: Predicate?
    /// Inside a container that builds only the rows in view (`List`, `LazyVStack`): a million
    /// members cost what the rows on screen cost. Elsewhere every row is built, so at most
    /// `maximumEagerRows` are, and a last row says how many more there are and how to show them.
    public let isLazy: Bool

    /// The argument a view's repetition is kept under.
    public static let argument = "data"

    /// Rows a repetition outside a lazy container builds: a stack of a thousand rows is already
    /// far taller than any screen, and building more would cost the daemon in proportion.
    public static let maximumEagerRows = 1_000

    /// Members a sort or filter reads: each costs a read of its keys whenever any of them
    /// changes. Past it, the first `maximumSortedMembers` (in the store's order) are sorted and
    /// filtered, and a last row says so.
    public static let maximumSortedMembers = 10_000

    /// The names a repetition's object takes.
    public static let members = ["data", "as", "id", "sort", "filter"]
}

/// One key of a repetition's order: a member of each row (`status`), compared by its place in
/// `order` when given (values not in it after those in it), else numbers by value and text by
/// its characters; missing values last, ties kept in the store's order.
public struct SortKey: Sendable, Hashable {
    public let path: DataPath
    public let order: [JSONValue]?
    public let descending: Bool
}
