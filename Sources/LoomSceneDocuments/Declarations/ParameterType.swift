/// What a view's or modifier's parameter accepts. Declared once per parameter: the compiler
/// checks documents against it and the JSON Schema editors use is generated from it.
public enum ParameterType: Sendable, Hashable {
    /// Text: a template (`"{name} ({status})"`) or a value object shown as text.
    case text
    /// A number, or a value object.
    case number
    /// A length in cells, 0…`ParameterType.maximumCells`, or `"infinity"` where `unbounded`
    /// (a frame's maximum), or a value object.
    case cells(unbounded: Bool)
    /// true or false, or a value object.
    case bool
    /// A colour's name (`"red"`, `"gray"`, `"#ff9500"`), or a value object.
    case color
    /// One of a fixed list of names, written literally (an alignment).
    case choice([String])
    /// One view.
    case node
    /// Views, in order (a stack's `content`).
    case nodes
    /// A path to a store object or array (a `ForEach`'s `data`).
    case data
    /// A name the document gives (a repetition's `as`).
    case name
    /// A member's name (a `ForEach`'s `id`).
    case member
    /// A condition (`ForEach`'s `filter`).
    case predicate
    /// A repetition: `{"data": path, "as": name, "id": member, "sort": …, "filter": …}` (a Table's `rows`).
    case rows
    /// A repetition's order: `[{"by": member, "order": [values], "descending": bool}]`.
    case sort
    /// A store path a control reads and writes: `{"bind": path}` (a Toggle's `isOn`).
    case binding
    /// What a button does: `{"patch": [operations]}`, a JSON Patch whose paths may be relative
    /// to the row.
    case action
    /// Any JSON value, written literally (a `tag`).
    case json
    /// An array of objects of these parameters (a Table's `columns`).
    case objects([ParameterDeclaration])
    /// A store path, written as a string (`"seen"`, `"/meta/heartbeat"`).
    case path
    /// A length of time: `"30s"`, `"5m"`, `"2h"`, `"1d"`, or a number of seconds.
    case duration
    /// Modifiers, applied in order (a `stale` modifier's `then`).
    case modifiers
    /// A range of numbers, written `[lower, upper]` with lower below upper (a Gauge's `in`).
    case range

    /// The longest duration a document may write.
    public static let maximumDurationSeconds = 366.0 * 86_400

    /// The longest length in cells a document may write: far past any screen, small enough that
    /// no layout sum of them overflows.
    public static let maximumCells = 10_000

    /// Whether a value object (`{"bind": …}`) is accepted: the value may come from the store.
    var isBindable: Bool {
        switch self {
        case .text, .number, .cells, .bool, .color: true
        default: false
        }
    }

    /// What is expected, for messages: "a number or {\"bind\": …}".
    var expected: String {
        switch self {
        case .text: "text"
        case .number: "a number or {\"bind\": …}"
        case .cells(let unbounded): "a whole number of cells 0…\(Self.maximumCells)" + (unbounded ? ", \"infinity\"" : "") + " or {\"bind\": …}"
        case .bool: "true, false or {\"bind\": …}"
        case .color: "a colour name (\(ColorNames.names.prefix(6).joined(separator: ", ")), …, \"#rrggbb\") or {\"bind\": …}"
        case .choice(let names): "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .node: "a view: an object with one view name ({\"Text\": \"…\"})"
        case .nodes: "an array of views"
        case .data: "a path to a store object or array (\"/jobs\", or relative to the row)"
        case .name: "a name of letters and digits"
        case .member: "a member name"
        case .predicate: "a condition ({\"bind\": …, \"eq\": …})"
        case .rows: "{\"data\": path, \"as\": name, \"id\": member, \"sort\": …, \"filter\": …}"
        case .sort: "an array of sort keys ({\"by\": member, \"order\": [values], \"descending\": true})"
        case .binding: "a store path to read and write: {\"bind\": path}"
        case .action: "an action: {\"patch\": [operations], \"confirm\": question}"
        case .json: "a JSON value"
        case .objects: "an array of objects"
        case .path: "a path (\"seen\", \"/meta/heartbeat\")"
        case .duration: "a duration (\"30s\", \"5m\", \"2h\", \"1d\", or seconds), above 0 and at most a year"
        case .modifiers: "an array of modifiers"
        case .range: "a range of numbers: [lower, upper], lower below upper"
        }
    }
}

/// One parameter of a view or modifier, under SwiftUI's label for it.
public struct ParameterDeclaration: Sendable, Hashable {
    public let name: String
    public let type: ParameterType
    public let isRequired: Bool
    /// One line for editors' hover and `docs/scene-documents.md`.
    public let summary: String

    init(_ name: String, _ type: ParameterType, required: Bool = false, _ summary: String) {
        self.name = name
        self.type = type
        self.isRequired = required
        self.summary = summary
    }
}
