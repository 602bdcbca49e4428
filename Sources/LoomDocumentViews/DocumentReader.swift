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
    /// The document's derived values (`$name`).
    var values: [String: DerivedValue] = [:]

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
        case .derived(let name, let tokens):
            guard let store, let value = values[name] else { return nil }
            return Self.derived(value, tokens: tokens, store: store)
        }
    }

    /// A derived value as JSON, read through the store's counts (tracked: the view depends on
    /// the counts, not on the members).
    private static func derived(_ value: DerivedValue, tokens: [String], store: Store) -> JSONValue? {
        switch value {
        case .count(let container):
            return tokens.isEmpty ? .int(Int64(store.trackedCount(at: container))) : nil
        case .countBy(let container, let member):
            let counts = store.trackedCounts(at: container, by: member)
            func text(_ value: JSONValue) -> String { value.stringValue ?? value.description }
            guard let token = tokens.first else {
                var object = JSONObject()
                for (value, count) in counts.sorted(by: { text($0.key) < text($1.key) }) { object[text(value)] = .int(Int64(count)) }
                return .object(object)
            }
            guard tokens.count == 1 else { return nil }
            return .int(Int64(counts.first { text($0.key) == token }?.value ?? 0))
        case .aggregate(let aggregate, let container, let member):
            guard tokens.isEmpty else { return nil }
            let numbers = store.trackedCounts(at: container, by: member).compactMap { value, count in
                value.doubleValue.flatMap { $0.isFinite ? ($0, count) : nil }
            }
            guard let least = numbers.map(\.0).min(), let greatest = numbers.map(\.0).max() else { return nil }
            let sum = numbers.reduce(0) { $0 + $1.0 * Double($1.1) }
            let result = switch aggregate {
            case .sum: sum
            case .min: least
            case .max: greatest
            case .mean: sum / Double(numbers.reduce(0) { $0 + $1.1 })
            }
            // A whole result is an integer (`12`, not `12.0`), as a feeder would have written it.
            return result == result.rounded() && abs(result) < 9e15 ? .int(Int64(result)) : .double(result)
        }
    }

    /// Where a path is in the store (a `ForEach`'s container), nil for `$key`.
    func pointer(_ path: DataPath) -> JSONPointer? {
        switch path {
        case .absolute(let pointer): return pointer
        case .member(let depth, let tokens):
            guard depth < scope.members.count else { return nil }
            return JSONPointer(tokens: scope.members[depth].pointer.tokens + tokens)
        case .key, .derived: return nil
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
