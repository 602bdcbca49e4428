import LoomCells
import LoomGraph
import LoomJSON
import LoomSceneDocuments
import LoomStore

/// A node's reads of the store, from inside its `body`: each one tracked, so the node depends on
/// exactly the paths its template, bindings and condition name (`Store.trackedValue`).
struct DocumentReader {
    let store: Store?
    let scope: DocumentScope

    func read(_ path: DataPath) -> JSONValue? {
        switch path {
        case .absolute(let pointer):
            return store?.trackedValue(at: pointer)
        case .member(let depth, let tokens):
            guard depth < scope.members.count else { return nil }
            let member = scope.members[depth].pointer
            return store?.trackedValue(at: tokens.isEmpty ? member : JSONPointer(tokens: member.tokens + tokens))
        case .key(let depth):
            guard depth < scope.members.count else { return nil }
            return .string(scope.members[depth].key)
        }
    }

    /// Where a path is in the store (a `ForEach`'s container), nil for `$key`.
    func pointer(_ path: DataPath) -> JSONPointer? {
        switch path {
        case .absolute(let pointer): return pointer
        case .member(let depth, let tokens):
            guard depth < scope.members.count else { return nil }
            return JSONPointer(tokens: scope.members[depth].pointer.tokens + tokens)
        case .key: return nil
        }
    }

    func value(_ source: ValueSource?) -> JSONValue? {
        source?.resolve { read($0) }
    }

    func number(_ source: ValueSource?) -> Double? {
        value(source)?.doubleValue.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A length in cells: a whole number within `ParameterType.maximumCells` (a store value past
    /// it is clamped, a negative one is 0), `"infinity"` as SwiftUI's `.infinity`.
    func cells(_ source: ValueSource?) -> Int? {
        guard let value = value(source) else { return nil }
        if value == .string("infinity") { return .infinity }
        guard let number = value.doubleValue, number.isFinite else { return nil }
        return Int(min(max(number, 0), Double(ParameterType.maximumCells)))
    }

    func bool(_ source: ValueSource?) -> Bool? {
        value(source)?.boolValue
    }

    /// A colour; `.some(nil)` is the terminal's default colour.
    func color(_ source: ValueSource?) -> Color?? {
        guard let name = value(source)?.stringValue else { return nil }
        return ColorNames.color(name)
    }

    /// Text for a view's title or header: its template filled in, without styles.
    func string(_ argument: DocumentNode.TextArgument?, missing: String) -> String? {
        guard let argument else { return nil }
        return TemplateText(reader: self, missing: missing).pieces(argument).map(\.text).joined()
    }
}
