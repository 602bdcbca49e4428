import LoomJSON

/// Checks a document against `SceneVocabulary` and compiles it into `DocumentNode`s, collecting
/// every problem in document order (up to `maximumErrors`) rather than stopping at the first:
/// an operator fixes a file in one pass.
///
/// It recurses along the document's nesting, which `maximumDepth` bounds before each step down
/// (and the parser's own depth limit before that), so no document can make it recurse deeper.
struct SceneCompiler {
    let source: SceneSource
    let limits: SceneDocumentLimits
    private(set) var diagnostics: [SceneDiagnostic] = []
    private(set) var omitted = 0
    private var nodeCount = 0
    private var reportedTooManyViews = false
    private var mappings: [String: ValueSource.Mapping] = [:]
    /// The document's derived values, by name.
    private(set) var values: [String: DerivedValue] = [:]
    /// The replaced document's nodes by pointer and scope names, and whether its context
    /// (mappings, `missing`) is this one's: only then are its unchanged subtrees reused.
    private var previousNodes: [String: DocumentNode] = [:]
    private let previousContext: JSONValue?
    /// Whether the view being compiled is built only when in view (inside a `List` or `LazyVStack`).
    private var lazyContext = false

    /// A repetition the content being compiled is inside: its `as` name, if it has one.
    struct Scope {
        let name: String?
    }

    init(source: SceneSource, limits: SceneDocumentLimits, previous: SceneDocument?) {
        self.source = source
        self.limits = limits
        if let previous, let json = try? JSONParser.parse(SceneSource(previous.text).json) {
            previousContext = Self.context(of: json)
            var stack: [(DocumentNode, [String?])] = [(previous.body, [])]
            while let (node, scopes) = stack.popLast() {
                previousNodes[Self.reuseKey(node.pointer, scopes)] = node
                for (name, child) in node.children {
                    stack.append((child, SceneVocabulary.view(node.view)?.repetition?.repeated == name ? scopes + [node.scopeName] : scopes))
                }
            }
        } else {
            previousContext = nil
        }
    }

    private static func context(of document: JSONValue) -> JSONValue {
        .array([document["mappings"] ?? .null, document["missing"] ?? .null, document["values"] ?? .null])
    }

    private static func reuseKey(_ pointer: String, _ scopes: [String?]) -> String {
        pointer + "\u{0}" + scopes.map { $0 ?? "" }.joined(separator: "\u{0}")
    }

    // MARK: - Reporting

    mutating func error(_ pointer: [String], _ message: String, suggestion: String? = nil, atKey: Bool = false) {
        guard diagnostics.count < limits.maximumErrors else {
            omitted += 1
            return
        }
        var diagnostic = SceneDiagnostic(pointer: JSONPointer(tokens: pointer).description, message: message, suggestion: suggestion)
        if let offset = source.offset(of: pointer, key: atKey) {
            (diagnostic.line, diagnostic.column) = source.lineAndColumn(of: offset)
        }
        diagnostics.append(diagnostic)
    }

    private static func found(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "text \"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
        case .int, .double: "the number \(value)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    // MARK: - The document

    /// The title, body and missing text, or nil when anything was wrong (see `diagnostics`).
    mutating func document() -> (String?, DocumentNode, String)? {
        let json: JSONValue
        var jsonLimits = JSONLimits.default
        jsonLimits.maximumStringBytes = limits.maximumStringBytes
        // Each level of views is at most four of JSON (node, view, content array, node).
        jsonLimits.maximumDepth = limits.maximumDepth * 4 + 8
        do {
            json = try JSONParser.parse(source.json, limits: jsonLimits)
        } catch {
            // The parser's limits are set from the document's: name those.
            let message = !error.isLimit ? "not JSON: \(error.message)"
                : error.message.hasPrefix("string") ? "a string is longer than maximumStringBytes (\(limits.maximumStringBytes))"
                : "the document nests deeper than maximumDepth (\(limits.maximumDepth)) views allow"
            var diagnostic = SceneDiagnostic(pointer: "", message: message)
            (diagnostic.line, diagnostic.column) = source.lineAndColumn(of: error.offset)
            diagnostics.append(diagnostic)
            return nil
        }
        guard case .object(let members) = json else {
            error([], "a scene document is an object ({\"loom\": 1, \"body\": …}), found \(Self.found(json))")
            return nil
        }
        let known = ["loom", "title", "body", "missing", "mappings", "values", "$schema"]
        for (key, _) in members where !known.contains(key) {
            error([key], "unknown member \"\(key)\" of a scene document; members: " + known.joined(separator: ", "),
                  suggestion: Suggestion.nearest(to: key, among: known), atKey: true)
        }
        switch members["loom"] {
        case nil:
            error([], "a scene document states its format version: \"loom\": \(SceneDocument.version)")
        case .int(Int64(SceneDocument.version))?:
            break
        case let other?:
            error(["loom"], "this daemon reads scene documents of version \(SceneDocument.version); found \(Self.found(other))")
        }
        var title: String?
        if let value = members["title"] {
            if case .string(let text) = value { title = text } else { error(["title"], "expected text, found \(Self.found(value))") }
        }
        var missing = SceneDocument.defaultMissing
        if let value = members["missing"] {
            if case .string(let text) = value { missing = text } else { error(["missing"], "expected text, found \(Self.found(value))") }
        }
        if let value = members["mappings"] { namedMappings(value) }
        if let value = members["values"] { derivedValues(value) }
        if previousContext != Self.context(of: json) { previousNodes = [:] }
        guard let bodyJSON = members["body"] else {
            error([], "a scene document has a \"body\": the view it shows")
            return nil
        }
        let body = node(bodyJSON, at: ["body"], scopes: [], depth: 1)
        // In the order of the text (a node's modifiers are checked before its parameters).
        diagnostics = diagnostics.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element)
        guard diagnostics.isEmpty, let body else { return nil }
        return (title, body, missing)
    }

    /// `"values": {"byStatus": {"count": "/jobs", "by": "status"}, "load": {"sum": "/hosts", "of": "load"}}`.
    private mutating func derivedValues(_ json: JSONValue) {
        guard case .object(let members) = json else {
            return error(["values"], "expected an object of named values ({\"byStatus\": {\"count\": \"/jobs\", \"by\": \"status\"}}), found \(Self.found(json))")
        }
        for (name, value) in members {
            let at = ["values", name]
            guard Self.isName(name), !["key", "value"].contains(name) else {
                error(at, "a value's name is letters, digits and _ (not key or value): \"\(name)\"", atKey: true)
                continue
            }
            guard case .object(let fields) = value, let kind = DerivedValue.kinds.first(where: { fields[$0] != nil }) else {
                error(at, "expected {\"count\": path} (with \"by\": member), or {\"sum\" | \"min\" | \"max\" | \"mean\": path, \"of\": member}, found \(Self.found(value))")
                continue
            }
            let allowed = [kind] + (kind == "count" ? ["by"] : ["of"])
            for (key, _) in fields where !allowed.contains(key) {
                error(at + [key], "unknown member \"\(key)\" of a \(kind) value; members: " + allowed.joined(separator: ", "),
                      suggestion: Suggestion.nearest(to: key, among: allowed), atKey: true)
            }
            guard case .string(let written)? = fields[kind], written.hasPrefix("/"), let container = try? JSONPointer(written) else {
                error(at + [kind], "expected an absolute path to a store object or array (\"/jobs\"), found \(Self.found(fields[kind] ?? .null))")
                continue
            }
            if kind == "count" {
                if let by = fields["by"] {
                    guard case .string(let member) = by, !member.isEmpty else { error(at + ["by"], "expected a member name, found \(Self.found(by))"); continue }
                    values[name] = .countBy(container, member: member)
                } else {
                    values[name] = .count(container)
                }
            } else {
                guard case .string(let member)? = fields["of"], !member.isEmpty else {
                    error(at, "a \(kind) value names the member it adds up: \"of\": \"load\"")
                    continue
                }
                values[name] = .aggregate(DerivedValue.Aggregate(rawValue: kind)!, container, member: member)
            }
        }
    }

    private mutating func namedMappings(_ json: JSONValue) {
        guard case .object(let members) = json else {
            return error(["mappings"], "expected an object of named mappings ({\"status\": {\"map\": …}}), found \(Self.found(json))")
        }
        for (name, value) in members {
            guard case .object(let fields) = value else {
                error(["mappings", name], "expected a mapping ({\"map\": …} or {\"base\": …, \"steps\": …}), found \(Self.found(value))")
                continue
            }
            if let mapping = mapping(fields, at: ["mappings", name], type: nil) { mappings[name] = mapping }
        }
    }

    // MARK: - Views

    /// One view: exactly one view name, its parameters, and `modifiers` and `if` beside it.
    mutating func node(_ json: JSONValue, at pointer: [String], scopes: [Scope], depth: Int) -> DocumentNode? {
        guard depth <= limits.maximumDepth else {
            error(pointer, "views nest deeper than maximumDepth (\(limits.maximumDepth))")
            return nil
        }
        guard count(views: 1, at: pointer) else { return nil }
        let key = Self.reuseKey(JSONPointer(tokens: pointer).description, scopes.map(\.name))
        if let reused = previousNodes[key], reused.source == json {
            // A subtree taken whole counts all its views against the bound, as compiling it would.
            return count(views: reused.subtreeSize - 1, at: pointer) ? reused : nil
        }
        guard case .object(let members) = json else {
            error(pointer, "expected a view: an object with one view name ({\"Text\": \"…\"}), found \(Self.found(json))")
            return nil
        }
        let viewNames = members.keys.filter { $0.first?.isUppercase == true }
        let besides = ["modifiers", "if"]
        for key in members.keys where !viewNames.contains(key) && !besides.contains(key) {
            let suggestion = Suggestion.nearest(to: key, among: besides + SceneVocabulary.views.map(\.name))
            error(pointer + [key], "unknown member \"\(key)\" of a view; beside its view name a view has only \"modifiers\" and \"if\"",
                  suggestion: suggestion, atKey: true)
        }
        // Checked whatever the view name says, so one pass reports them too.
        var modifiers: [DocumentNode.Modifier] = []
        if let list = members["modifiers"] { modifiers = self.modifiers(list, at: pointer + ["modifiers"], scopes: scopes, depth: depth) }
        var condition: Predicate?
        if let test = members["if"] { condition = predicate(test, at: pointer + ["if"], scopes: scopes, depth: depth + 1) }
        guard viewNames.count == 1, let name = viewNames.first else {
            if viewNames.isEmpty {
                error(pointer, "a view names exactly one view (VStack, Text, ForEach, …); found none")
            } else {
                error(pointer, "a view names exactly one view; found \(viewNames.count): \(viewNames.joined(separator: ", "))")
            }
            return nil
        }
        guard let declaration = SceneVocabulary.view(name) else {
            error(pointer + [name], "unknown view \"\(name)\"; views: " + SceneVocabulary.views.map(\.name).joined(separator: ", "),
                  suggestion: Suggestion.nearest(to: name, among: SceneVocabulary.views.map(\.name)), atKey: true)
            return nil
        }
        var arguments: [String: DocumentNode.Argument] = [:]
        var scopeName: String?
        let outerLazy = lazyContext
        defer { lazyContext = outerLazy }
        if let given = parameterObject(members[name] ?? .null, shorthand: declaration.shorthand, at: pointer + [name], what: "\(name)'s parameters") {
            let at = pointer + [name]
            var inner = scopes
            var skipped: Set<String> = []
            if let repetition = declaration.repetition {
                // The repetition's own members (`data`, `as`, `id`): the view's (ForEach), or one
                // parameter's object (a Table's `rows`).
                var spec: JSONObject? = given
                var specAt = at
                if let parameter = repetition.parameter {
                    skipped.insert(parameter)
                    specAt = at + [parameter]
                    if case .object(let object)? = given[parameter] { spec = object } else {
                        spec = nil
                        if let value = given[parameter] { error(specAt, "expected {\"data\": path, \"as\": name, \"id\": member}, found \(Self.found(value))") }
                    }
                    for key in spec?.keys ?? [] where !Repetition.members.contains(key) {
                        error(specAt + [key], "unknown member \"\(key)\" of \(name)'s \(parameter); members: " + Repetition.members.joined(separator: ", "),
                              suggestion: Suggestion.nearest(to: key, among: Repetition.members), atKey: true)
                    }
                } else {
                    skipped.formUnion(Repetition.members)
                }
                if let spec {
                    if spec["data"] == nil { error(specAt, "\(name) needs \"data\": the object or array whose members are repeated") }
                    if let compiled = self.repetition(spec, at: specAt, scopes: scopes) { arguments[Repetition.argument] = .repetition(compiled) }
                    scopeName = spec["as"]?.stringValue
                    inner.append(Scope(name: scopeName))
                }
            }
            // What the view's children are built inside: its repetition, and its own laziness.
            let childrenLazy: Bool? = switch declaration.builds {
            case .everything: false
            case .visibleRows: true
            case .asItsContainer: nil
            }
            let repeated = declaration.repetition?.repeated
            arguments.merge(parameters(given, of: declaration.parameters, named: name, shorthand: declaration.shorthand, at: at,
                                       skipping: skipped, context: { parameter in
                                           let holdsChildren = parameter == "content" || parameter == repeated
                                           return (parameter == repeated ? inner : scopes, holdsChildren ? childrenLazy : nil)
                                       }, depth: depth, isShorthand: Self.isShorthandValue(members[name]))) { first, _ in first }
        }
        return DocumentNode(pointer: JSONPointer(tokens: pointer).description, view: name, arguments: arguments, modifiers: modifiers,
                            condition: condition, source: json, scopeName: scopeName)
    }

    /// The arguments of a view, a modifier or an object of a parameter (a table's column): each
    /// given parameter checked against its declaration, unknown ones reported with the nearest
    /// name, required ones missing reported at the object. `scopes` gives the repetitions each
    /// parameter is inside (a repeated parameter is inside one more).
    private mutating func parameters(_ given: JSONObject, of declarations: [ParameterDeclaration], named name: String, shorthand: String?,
                                     at pointer: [String], skipping skipped: Set<String>,
                                     context: (String) -> (scopes: [Scope], lazy: Bool?), depth: Int,
                                     isShorthand: Bool) -> [String: DocumentNode.Argument] {
        let names = declarations.map(\.name).filter { !skipped.contains($0) } + skipped.sorted()
        for (parameterName, _) in given where !names.contains(parameterName) {
            error(pointer + (shorthand != nil && isShorthand ? [] : [parameterName]),
                  "unknown parameter \"\(parameterName)\" of \(name)" + (names.isEmpty ? " (it takes none)" : "; parameters: " + names.joined(separator: ", ")),
                  suggestion: Suggestion.nearest(to: parameterName, among: names), atKey: true)
        }
        var arguments: [String: DocumentNode.Argument] = [:]
        for parameter in declarations where !skipped.contains(parameter.name) {
            let at = pointer + (shorthand == parameter.name && isShorthand ? [] : [parameter.name])
            guard let value = given[parameter.name] else {
                if parameter.isRequired { error(pointer, "\(name) needs \"\(parameter.name)\": \(parameter.summary)") }
                continue
            }
            let (scopes, lazy) = context(parameter.name)
            let outerLazy = lazyContext
            if let lazy { lazyContext = lazy }
            if let argument = argument(value, type: parameter.type, at: at, scopes: scopes, depth: depth) {
                arguments[parameter.name] = argument
            }
            lazyContext = outerLazy
        }
        return arguments
    }

    /// A view's or modifier's parameters: its object, or `{shorthand: value}` for a value that
    /// is not an object.
    private mutating func parameterObject(_ json: JSONValue, shorthand: String?, at pointer: [String], what: String) -> JSONObject? {
        // A value object (`{"foregroundColor": {"bind": "status", …}}`) is the shorthand's value.
        if case .object(let members) = json, shorthand == nil || members["bind"] == nil { return members }
        guard let shorthand else {
            error(pointer, "expected an object of \(what), found \(Self.found(json))")
            return nil
        }
        var members = JSONObject()
        members[shorthand] = json
        return members
    }

    /// Counts views against `maximumNodes`; past it, says so once and answers false.
    private mutating func count(views: Int, at pointer: [String]) -> Bool {
        nodeCount += views
        guard nodeCount > limits.maximumNodes else { return true }
        if !reportedTooManyViews { error(pointer, "the document has more than maximumNodes (\(limits.maximumNodes)) views") }
        reportedTooManyViews = true
        return false
    }

    /// Whether a view's or modifier's value is its shorthand parameter's value: anything but an
    /// object of parameters (a value object is a value).
    private static func isShorthandValue(_ json: JSONValue?) -> Bool {
        guard case .object(let members)? = json else { return json != nil }
        return members["bind"] != nil
    }

    private mutating func repetition(_ given: JSONObject, at pointer: [String], scopes: [Scope]) -> Repetition? {
        var id: String?
        if let value = given["id"] {
            if case .string(let member) = value, !member.isEmpty { id = member } else { error(pointer + ["id"], "expected a member name, found \(Self.found(value))") }
        }
        if let value = given["as"] {
            if case .string(let name) = value, Self.isName(name), !["key", "value"].contains(name) {
                if scopes.contains(where: { $0.name == name }) { error(pointer + ["as"], "\"$\(name)\" already names an enclosing ForEach's member") }
            } else {
                error(pointer + ["as"], "expected a name of letters, digits and _ (not key or value), found \(Self.found(value))")
            }
        }
        guard let dataJSON = given["data"] else { return nil }
        guard case .string(let written) = dataJSON, let data = path(written, at: pointer + ["data"], scopes: scopes) else {
            if !(dataJSON.stringValue != nil) { error(pointer + ["data"], "expected \(ParameterType.data.expected), found \(Self.found(dataJSON))") }
            return nil
        }
        if case .key = data { error(pointer + ["data"], "\"\(written)\" is a member's key, not a store object or array"); return nil }
        // Sort keys and the filter read each member: compiled inside its scope.
        let inner = scopes + [Scope(name: given["as"]?.stringValue)]
        var keys: [SortKey] = []
        if let sort = given["sort"] {
            guard case .array(let list) = sort else {
                error(pointer + ["sort"], "expected an array of keys ([{\"by\": \"status\", \"order\": [\"failed\", \"ok\"]}, {\"by\": \"name\"}]), found \(Self.found(sort))")
                return nil
            }
            for (index, entry) in list.enumerated() {
                let at = pointer + ["sort", String(index)]
                guard case .object(let fields) = entry, case .string(let by)? = fields["by"] else {
                    error(at, "a sort key is {\"by\": member, \"order\": [values], \"descending\": true}, found \(Self.found(entry))")
                    continue
                }
                for (key, _) in fields where !["by", "order", "descending"].contains(key) {
                    error(at + [key], "unknown member \"\(key)\" of a sort key; members: by, order, descending",
                          suggestion: Suggestion.nearest(to: key, among: ["by", "order", "descending"]), atKey: true)
                }
                var order: [JSONValue]?
                if let given = fields["order"] {
                    if case .array(let values) = given { order = values } else { error(at + ["order"], "expected an array of values, found \(Self.found(given))") }
                }
                var descending = false
                if let given = fields["descending"] {
                    if case .bool(let flag) = given { descending = flag } else { error(at + ["descending"], "expected true or false, found \(Self.found(given))") }
                }
                if let path = path(by, at: at + ["by"], scopes: inner) { keys.append(SortKey(path: path, order: order, descending: descending)) }
            }
        }
        var filter: Predicate?
        if let given = given["filter"] { filter = predicate(given, at: pointer + ["filter"], scopes: inner, depth: 1) }
        return Repetition(data: data, id: id, depth: scopes.count, sort: keys, filter: filter, isLazy: lazyContext)
    }

    /// `"30s"`, `"5m"`, `"2h"`, `"1d"` or a number: seconds.
    private static func seconds(_ json: JSONValue) -> Double? {
        if let number = json.doubleValue { return number.isFinite ? number : nil }
        guard case .string(let text) = json, let unit = text.last, let count = Double(text.dropLast()), count.isFinite else { return nil }
        switch unit {
        case "s": return count
        case "m": return count * 60
        case "h": return count * 3_600
        case "d": return count * 86_400
        default: return nil
        }
    }

    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }
    }

    private mutating func modifiers(_ json: JSONValue, at pointer: [String], scopes: [Scope], depth: Int) -> [DocumentNode.Modifier] {
        guard case .array(let list) = json else {
            error(pointer, "expected an array of modifiers ([{\"padding\": 1}, {\"bold\": true}]), found \(Self.found(json))")
            return []
        }
        var modifiers: [DocumentNode.Modifier] = []
        for (index, entry) in list.enumerated() {
            let at = pointer + [String(index)]
            guard case .object(let members) = entry, members.count == 1, let (name, value) = members.first(where: { _ in true }) else {
                error(at, "a modifier is an object with one name ({\"padding\": 1}), found \(Self.found(entry))")
                continue
            }
            guard let declaration = SceneVocabulary.modifier(name) else {
                let names = SceneVocabulary.modifiers.map(\.name)
                error(at + [name], "unknown modifier \"\(name)\"; modifiers: " + names.joined(separator: ", "),
                      suggestion: Suggestion.nearest(to: name, among: names), atKey: true)
                continue
            }
            guard let given = parameterObject(value, shorthand: declaration.shorthand, at: at + [name], what: "\(name)'s parameters") else { continue }
            let arguments = parameters(given, of: declaration.parameters, named: name, shorthand: declaration.shorthand, at: at + [name],
                                       skipping: [], context: { _ in (scopes, nil) }, depth: depth, isShorthand: Self.isShorthandValue(value))
            modifiers.append(DocumentNode.Modifier(name: name, arguments: arguments))
        }
        return modifiers
    }

    // MARK: - Arguments

    mutating func argument(_ json: JSONValue, type: ParameterType, at pointer: [String], scopes: [Scope], depth: Int) -> DocumentNode.Argument? {
        switch type {
        case .node:
            return node(json, at: pointer, scopes: scopes, depth: depth + 1).map(DocumentNode.Argument.node)
        case .nodes:
            guard case .array(let list) = json else {
                error(pointer, "expected an array of views, found \(Self.found(json))")
                return nil
            }
            var nodes: [DocumentNode] = []
            for (index, entry) in list.enumerated() {
                if let child = node(entry, at: pointer + [String(index)], scopes: scopes, depth: depth + 1) { nodes.append(child) }
            }
            return .nodes(nodes)
        case .predicate:
            return predicate(json, at: pointer, scopes: scopes, depth: depth + 1).map(DocumentNode.Argument.predicate)
        case .choice(let names):
            guard case .string(let name) = json, names.contains(name) else {
                error(pointer, "expected \(type.expected), found \(Self.found(json))", suggestion: json.stringValue.flatMap { Suggestion.nearest(to: $0, among: names) })
                return nil
            }
            return .choice(name)
        case .data, .name, .member, .rows, .sort:
            return nil
        case .json:
            return .value(.literal(json))
        case .path:
            guard case .string(let written) = json else {
                error(pointer, "expected \(type.expected), found \(Self.found(json))")
                return nil
            }
            return path(written, at: pointer, scopes: scopes).map(DocumentNode.Argument.path)
        case .duration:
            guard let seconds = Self.seconds(json), seconds > 0, seconds <= ParameterType.maximumDurationSeconds else {
                error(pointer, "expected \(type.expected), found \(Self.found(json))")
                return nil
            }
            return .seconds(seconds)
        case .modifiers:
            return .modifiers(modifiers(json, at: pointer, scopes: scopes, depth: depth + 1))
        case .range:
            guard case .array(let bounds) = json, bounds.count == 2, let lower = bounds[0].doubleValue, let upper = bounds[1].doubleValue,
                  lower.isFinite, upper.isFinite, lower < upper else {
                error(pointer, "expected \(type.expected), found \(Self.found(json))")
                return nil
            }
            return .range(lower...upper)
        case .binding:
            guard case .object(let members) = json, members.count == 1, case .string(let written)? = members["bind"] else {
                error(pointer, "expected \(type.expected) (a control writes the path: no mapping), found \(Self.found(json))")
                return nil
            }
            guard let path = path(written, at: pointer + ["bind"], scopes: scopes) else { return nil }
            if case .key = path {
                error(pointer + ["bind"], "\"\(written)\" is a member's key: a control writes a store path")
                return nil
            }
            return .binding(path)
        case .action:
            guard let steps = action(json, at: pointer, scopes: scopes) else { return nil }
            var confirm: DocumentNode.TextArgument?
            if let question = json["confirm"] {
                guard case .text(let text)? = argument(question, type: .text, at: pointer + ["confirm"], scopes: scopes, depth: depth) else { return nil }
                confirm = text
            }
            return .action(steps, confirm: confirm)
        case .objects(let declarations):
            guard case .array(let list) = json else {
                error(pointer, "expected an array of objects, found \(Self.found(json))")
                return nil
            }
            var objects: [[String: DocumentNode.Argument]] = []
            for (index, entry) in list.enumerated() {
                guard case .object(let given) = entry else {
                    error(pointer + [String(index)], "expected an object, found \(Self.found(entry))")
                    continue
                }
                let name = pointer.last.map { "a " + String($0.dropLast($0.hasSuffix("s") ? 1 : 0)) } ?? "an object"
                objects.append(parameters(given, of: declarations, named: name, shorthand: nil, at: pointer + [String(index)], skipping: [],
                                          context: { _ in (scopes, nil) }, depth: depth, isShorthand: false))
            }
            return .objects(objects)
        case .text:
            if case .string(let text) = json { return template(text, at: pointer, scopes: scopes).map { .text(.template($0)) } }
            if case .array(let list) = json { return runs(list, at: pointer, scopes: scopes).map { .text(.runs($0)) } }
            guard case .object(let members) = json else {
                error(pointer, "expected text or {\"bind\": …}, found \(Self.found(json))" + (json.doubleValue != nil ? "; write it as \"\(json)\"" : ""))
                return nil
            }
            return valueObject(members, type: type, at: pointer, scopes: scopes).map { .text(.value($0)) }
        case .number, .cells, .bool, .color:
            if case .object(let members) = json { return valueObject(members, type: type, at: pointer, scopes: scopes).map(DocumentNode.Argument.value) }
            if case .string(let text) = json, text.contains("{") {
                error(pointer, "expected \(type.expected), found text \"\(text)\"; placeholders are for text: write {\"bind\": \"\(text.trimmingCharacters(in: ["{", "}"]))\"}")
                return nil
            }
            guard let literal = literal(json, type: type, at: pointer) else { return nil }
            return .value(.literal(literal))
        }
    }

    /// A literal of a bindable type, checked (and normalised: `"infinity"` becomes Int.max's stand-in).
    private mutating func literal(_ json: JSONValue, type: ParameterType, at pointer: [String]) -> JSONValue? {
        switch (type, json) {
        case (.text, .string), (.bool, .bool):
            return json
        case (.number, .int), (.number, .double):
            return json
        case (.cells, .int(let count)) where (0...Int64(ParameterType.maximumCells)).contains(count):
            return json
        case (.cells(unbounded: true), .string("infinity")):
            return json
        case (.color, .string(let name)) where ColorNames.color(name) != nil:
            return json
        case (.color, .string(let name)):
            error(pointer, "unknown colour \"\(name)\"; colours: " + ColorNames.names.joined(separator: ", ") + ", \"#rrggbb\"",
                  suggestion: Suggestion.nearest(to: name, among: ColorNames.names))
            return nil
        default:
            error(pointer, "expected \(type.expected), found \(Self.found(json))")
            return nil
        }
    }

    /// `{"bind": PATH}` with an optional mapping, or `{"bind": PATH, "use": NAME}`.
    private mutating func valueObject(_ members: JSONObject, type: ParameterType, at pointer: [String], scopes: [Scope]) -> ValueSource? {
        let known = ["bind", "use", "map", "else", "missing", "base", "steps"]
        for (key, _) in members where !known.contains(key) {
            error(pointer + [key], "unknown member \"\(key)\" of a value ({\"bind\": …} with map/else/missing, base/steps or use)",
                  suggestion: Suggestion.nearest(to: key, among: known), atKey: true)
        }
        guard let bindJSON = members["bind"] else {
            error(pointer, "a value object reads the store: {\"bind\": \"path\"}")
            return nil
        }
        guard case .string(let written) = bindJSON else {
            error(pointer + ["bind"], "expected a path, found \(Self.found(bindJSON))")
            return nil
        }
        guard let path = path(written, at: pointer + ["bind"], scopes: scopes) else { return nil }
        if let use = members["use"] {
            guard case .string(let name) = use, let named = mappings[name] else {
                error(pointer + ["use"], "no mapping named \(use) in the document's \"mappings\"",
                      suggestion: use.stringValue.flatMap { Suggestion.nearest(to: $0, among: Array(mappings.keys).sorted()) })
                return nil
            }
            if members.keys.contains(where: { ["map", "else", "missing", "base", "steps"].contains($0) }) {
                error(pointer + ["use"], "a value uses a named mapping or gives its own, not both")
            }
            guard checkResults(of: named, type: type, at: pointer + ["use"]) else { return nil }
            return .bound(path, named)
        }
        // The store's value itself, checked for the parameter's type when it is read.
        guard members.keys.contains(where: { $0 != "bind" }) else { return .bound(path, .none) }
        return mapping(members, at: pointer, type: type).map { .bound(path, $0) }
    }

    /// A value map or thresholds, its results checked against `type` (when known: a named
    /// mapping is checked where it is used).
    private mutating func mapping(_ members: JSONObject, at pointer: [String], type: ParameterType?) -> ValueSource.Mapping? {
        let missing = members["missing"]
        if let steps = members["steps"] {
            if members["map"] != nil || members["else"] != nil { error(pointer, "a value maps exact values (map, else) or thresholds (base, steps), not both") }
            guard let base = members["base"] else {
                error(pointer, "thresholds need a \"base\": the value below the first step")
                return nil
            }
            guard case .array(let list) = steps, !list.isEmpty else {
                error(pointer + ["steps"], "expected an array of steps ([{\"at\": 0.7, \"value\": …}]), found \(Self.found(steps))")
                return nil
            }
            var parsed: [ValueSource.Step] = []
            for (index, entry) in list.enumerated() {
                guard case .object(let step) = entry, let at = step["at"]?.doubleValue, let value = step["value"], step.count == 2 else {
                    error(pointer + ["steps", String(index)], "a step is {\"at\": number, \"value\": …}, found \(Self.found(entry))")
                    continue
                }
                if let last = parsed.last, at <= last.at {
                    error(pointer + ["steps", String(index), "at"], "steps ascend: \(at) is not above the step before (\(last.at))")
                }
                parsed.append(ValueSource.Step(at: at, value: value))
            }
            let mapping = ValueSource.Mapping.thresholds(base: base, steps: parsed, missing: missing)
            if let type, !checkResults(of: mapping, type: type, at: pointer) { return nil }
            return mapping
        }
        if members["base"] != nil { error(pointer + ["base"], "\"base\" goes with \"steps\"") }
        var table: [String: JSONValue] = [:]
        if let map = members["map"] {
            guard case .object(let entries) = map else {
                error(pointer + ["map"], "expected an object from values to results ({\"ok\": \"green\"}), found \(Self.found(map))")
                return nil
            }
            for (key, value) in entries { table[key] = value }
        } else if members["else"] == nil && missing == nil {
            error(pointer, "a mapping gives \"map\" (with \"else\", \"missing\"), or \"base\" and \"steps\"")
            return nil
        }
        let mapping = ValueSource.Mapping.map(table, otherwise: members["else"], missing: missing)
        if let type, !checkResults(of: mapping, type: type, at: pointer) { return nil }
        return mapping
    }

    /// Every value a mapping can give is a literal of `type`.
    private mutating func checkResults(of mapping: ValueSource.Mapping, type: ParameterType, at pointer: [String]) -> Bool {
        var results: [([String], JSONValue)] = []
        switch mapping {
        case .none:
            return true
        case .map(let table, let otherwise, let missing):
            results = table.keys.sorted().map { (["map", $0], table[$0]!) }
            if let otherwise { results.append((["else"], otherwise)) }
            if let missing { results.append((["missing"], missing)) }
        case .thresholds(let base, let steps, let missing):
            results = [(["base"], base)] + steps.enumerated().map { (["steps", String($0.offset), "value"], $0.element.value) }
            if let missing { results.append((["missing"], missing)) }
        }
        let before = diagnostics.count + omitted
        for (at, value) in results { _ = literal(value, type: type, at: pointer + at) }
        return diagnostics.count + omitted == before
    }

    // MARK: - Paths and templates

    /// A path as written, resolved against the repetitions around it.
    mutating func path(_ written: String, at pointer: [String], scopes: [Scope], template: String? = nil) -> DataPath? {
        // Inside a template, a message starts with the template, so the placeholder is found.
        let prefix = template.map { "\"\($0)\": " } ?? ""
        if written.hasPrefix("/") {
            do { return .absolute(try JSONPointer(written)) } catch {
                self.error(pointer, prefix + "\"\(written)\" is not a JSON Pointer: \(error.message)")
                return nil
            }
        }
        if written.hasPrefix("$") {
            let body = written.dropFirst()
            let name = String(body.prefix { $0 != "/" })
            let rest = String(body.dropFirst(name.count))
            if values[name] != nil && !scopes.contains(where: { $0.name == name }) {
                do { return .derived(name: name, tokens: rest.isEmpty ? [] : try JSONPointer(rest).tokens) } catch {
                    self.error(pointer, prefix + "\"\(written)\" is not a path: \(error.message)")
                    return nil
                }
            }
            guard !scopes.isEmpty else {
                let names = values.keys.sorted().map { "$" + $0 }
                error(pointer, prefix + "\"\(written)\" reads a ForEach's member, and this is not inside one"
                      + (names.isEmpty ? "" : "; values: " + names.joined(separator: ", ")),
                      suggestion: Suggestion.nearest(to: "$" + name, among: names))
                return nil
            }
            let innermost = scopes.count - 1
            switch name {
            case "key":
                guard rest.isEmpty else { error(pointer, prefix + "\"$key\" is a member's key: nothing is inside it"); return nil }
                return .key(depth: innermost)
            case "value":
                return member(innermost, rest, written: written, prefix: prefix, at: pointer)
            default:
                if let depth = scopes.lastIndex(where: { $0.name == name }) { return member(depth, rest, written: written, prefix: prefix, at: pointer) }
                let names = ["$key", "$value"] + scopes.compactMap(\.name).map { "$" + $0 } + values.keys.sorted().map { "$" + $0 }
                error(pointer, prefix + "no scope \"$\(name)\" here; in scope: " + names.joined(separator: ", "),
                      suggestion: Suggestion.nearest(to: "$" + name, among: names))
                return nil
            }
        }
        guard !scopes.isEmpty else {
            error(pointer, prefix + "\"\(written)\" is relative, and this is not inside a ForEach: write an absolute path (\"/\(written)\")")
            return nil
        }
        return member(scopes.count - 1, "/" + written, written: written, prefix: prefix, at: pointer)
    }

    private mutating func member(_ depth: Int, _ rest: String, written: String, prefix: String, at pointer: [String]) -> DataPath? {
        guard !rest.isEmpty else { return .member(depth: depth, tokens: []) }
        do { return .member(depth: depth, tokens: try JSONPointer(rest).tokens) } catch {
            self.error(pointer, prefix + "\"\(written)\" is not a path: \(error.message)")
            return nil
        }
    }

    /// `"{name} ({status})"`, `{path|format:arg}`, `{path ?? fallback}`, `{{` and `}}` for braces.
    mutating func template(_ text: String, at pointer: [String], scopes: [Scope]) -> TextTemplate? {
        var segments: [TextTemplate.Segment] = []
        var literal = ""
        var characters = text[...]
        var valid = true
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "}" {
                if characters.first == "}" { characters = characters.dropFirst(); literal.append("}"); continue }
                error(pointer, "\"\(text)\": a lone \"}\"; write \"}}\" for a brace")
                valid = false
                break
            }
            guard character == "{" else { literal.append(character); continue }
            if characters.first == "{" { characters = characters.dropFirst(); literal.append("{"); continue }
            guard let end = characters.firstIndex(of: "}") else {
                error(pointer, "\"\(text)\": a \"{\" is not closed; write \"{{\" for a brace")
                valid = false
                break
            }
            let inside = String(characters[..<end])
            characters = characters[characters.index(after: end)...]
            if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
            guard let segment = placeholder(inside, in: text, at: pointer, scopes: scopes) else { valid = false; continue }
            segments.append(segment)
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return valid ? TextTemplate(segments: segments) : nil
    }

    private mutating func placeholder(_ inside: String, in text: String, at pointer: [String], scopes: [Scope]) -> TextTemplate.Segment? {
        var body = inside[...]
        var fallback: String?
        if let range = body.range(of: "??") {
            fallback = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
            body = body[..<range.lowerBound]
        }
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let written = parts[0].trimmingCharacters(in: .whitespaces)
        guard !written.isEmpty else {
            error(pointer, "\"\(text)\": an empty placeholder \"{\(inside)}\"; write \"{{\" for a brace")
            return nil
        }
        guard let path = path(written, at: pointer, scopes: scopes, template: text) else { return nil }
        var format: ValueFormat?
        if parts.count > 1 {
            switch ValueFormat.parse(String(parts[1])) {
            case .success(let parsed): format = parsed
            case .failure(let failure):
                error(pointer, "\"\(text)\": \(failure.message)", suggestion: failure.suggestion)
                return nil
            }
        }
        return .value(path, format: format, fallback: fallback)
    }

    // MARK: - Runs of text

    /// `["plain {a}", {"text": "{b}", "foregroundColor": "red", "bold": true}]`.
    private mutating func runs(_ list: [JSONValue], at pointer: [String], scopes: [Scope]) -> [DocumentNode.TextRun]? {
        var runs: [DocumentNode.TextRun] = []
        let before = diagnostics.count + omitted
        for (index, entry) in list.enumerated() {
            let at = pointer + [String(index)]
            if case .string(let text) = entry {
                if let template = template(text, at: at, scopes: scopes) { runs.append(DocumentNode.TextRun(text: .template(template), styles: [:])) }
                continue
            }
            guard case .object(let fields) = entry, let text = fields["text"] else {
                error(at, "a run of text is text, or {\"text\": …, \"foregroundColor\": …, \"bold\": true}, found \(Self.found(entry))")
                continue
            }
            let allowed = ["text"] + DocumentNode.TextRun.styleNames
            for (key, _) in fields where !allowed.contains(key) {
                error(at + [key], "unknown member \"\(key)\" of a run of text; members: " + allowed.joined(separator: ", "),
                      suggestion: Suggestion.nearest(to: key, among: allowed), atKey: true)
            }
            guard case .text(let runText)? = argument(text, type: .text, at: at + ["text"], scopes: scopes, depth: 1) else { continue }
            if case .runs = runText { error(at + ["text"], "a run's text is text or {\"bind\": …}, not runs of its own"); continue }
            var styles: [String: ValueSource] = [:]
            for name in DocumentNode.TextRun.styleNames {
                guard let given = fields[name] else { continue }
                if case .value(let source)? = argument(given, type: name == "foregroundColor" ? .color : .bool, at: at + [name], scopes: scopes, depth: 1) {
                    styles[name] = source
                }
            }
            runs.append(DocumentNode.TextRun(text: runText, styles: styles))
        }
        return diagnostics.count + omitted == before ? runs : nil
    }

    // MARK: - Actions

    /// `{"patch": [operations]}`: each operation's paths resolved in the row's scope, its value a
    /// literal, `{"bind": path}` (read when pressed) or `{"literal": value}` (an object that
    /// would otherwise read as a binding).
    private mutating func action(_ json: JSONValue, at pointer: [String], scopes: [Scope]) -> [PatchStep]? {
        guard case .object(let members) = json, case .array(let operations)? = members["patch"] else {
            error(pointer, "expected \(ParameterType.action.expected), found \(Self.found(json))")
            return nil
        }
        for (key, _) in members where key != "patch" && key != "confirm" {
            error(pointer + [key], "unknown member \"\(key)\" of an action; an action is {\"patch\": [operations], \"confirm\": question}",
                  suggestion: Suggestion.nearest(to: key, among: ["patch", "confirm"]), atKey: true)
        }
        var steps: [PatchStep] = []
        let before = diagnostics.count + omitted
        for (index, entry) in operations.enumerated() {
            let at = pointer + ["patch", String(index)]
            guard case .object(let fields) = entry, case .string(let op)? = fields["op"] else {
                error(at, "an operation is {\"op\": …, \"path\": …}, found \(Self.found(entry))")
                continue
            }
            guard PatchStep.operations.contains(op) else {
                error(at + ["op"], "unknown operation \"\(op)\"; operations: " + PatchStep.operations.joined(separator: ", "),
                      suggestion: Suggestion.nearest(to: op, among: PatchStep.operations))
                continue
            }
            let needsValue = ["add", "replace", "test"].contains(op), needsFrom = ["move", "copy"].contains(op)
            let allowed = ["op", "path"] + (needsValue ? ["value"] : []) + (needsFrom ? ["from"] : [])
            for (key, _) in fields where !allowed.contains(key) {
                error(at + [key], "unknown member \"\(key)\" of a \(op) operation; members: " + allowed.joined(separator: ", "),
                      suggestion: Suggestion.nearest(to: key, among: allowed), atKey: true)
            }
            func location(_ name: String) -> DataPath? {
                guard case .string(let written)? = fields[name] else {
                    error(at, "a \(op) operation needs \"\(name)\": a path")
                    return nil
                }
                guard let path = path(written, at: at + [name], scopes: scopes) else { return nil }
                if case .key = path {
                    error(at + [name], "\"\(written)\" is a member's key, not a place in the store")
                    return nil
                }
                return path
            }
            guard let path = location("path") else { continue }
            let from = needsFrom ? location("from") : nil
            var value: ValueSource?
            if needsValue {
                guard let given = fields["value"] else {
                    error(at, "a \(op) operation needs \"value\"")
                    continue
                }
                if case .object(let object) = given, object.count == 1, let literal = object["literal"] {
                    value = .literal(literal)
                } else if case .object(let object) = given, object["bind"] != nil {
                    guard case .string(let written)? = object["bind"], object.count == 1, let bound = self.path(written, at: at + ["value", "bind"], scopes: scopes) else {
                        if object.count != 1 { error(at + ["value"], "a patch's value reads a path as it is: {\"bind\": path} alone (write {\"literal\": …} for an object)") }
                        continue
                    }
                    value = .bound(bound, .none)
                } else {
                    value = .literal(given)
                }
            }
            steps.append(PatchStep(op: op, path: path, from: from, value: value))
        }
        return diagnostics.count + omitted == before ? steps : nil
    }

    // MARK: - Conditions

    mutating func predicate(_ json: JSONValue, at pointer: [String], scopes: [Scope], depth: Int) -> Predicate? {
        guard depth <= limits.maximumDepth else {
            error(pointer, "conditions nest deeper than maximumDepth (\(limits.maximumDepth))")
            return nil
        }
        guard case .object(let members) = json else {
            error(pointer, "expected \(ParameterType.predicate.expected), found \(Self.found(json))")
            return nil
        }
        let combinators = ["all", "any", "not"]
        let tests = ["eq", "ne", "in", "gt", "ge", "lt", "le", "exists"]
        if let (name, value) = members.first(where: { combinators.contains($0.key) }) {
            guard members.count == 1 else {
                error(pointer, "\"\(name)\" stands alone in its object; combine tests inside it")
                return nil
            }
            if name == "not" { return predicate(value, at: pointer + ["not"], scopes: scopes, depth: depth + 1).map(Predicate.not) }
            guard case .array(let list) = value, !list.isEmpty else {
                error(pointer + [name], "expected a non-empty array of conditions, found \(Self.found(value))")
                return nil
            }
            var parts: [Predicate] = []
            for (index, entry) in list.enumerated() {
                if let part = predicate(entry, at: pointer + [name, String(index)], scopes: scopes, depth: depth + 1) { parts.append(part) }
            }
            guard parts.count == list.count else { return nil }
            return name == "all" ? .all(parts) : .any(parts)
        }
        for (key, _) in members where key != "bind" && !tests.contains(key) {
            error(pointer + [key], "unknown member \"\(key)\" of a condition; tests: " + tests.joined(separator: ", ") + "; combined by all, any, not",
                  suggestion: Suggestion.nearest(to: key, among: tests + combinators + ["bind"]), atKey: true)
        }
        guard case .string(let written)? = members["bind"] else {
            error(pointer, "a condition tests a value: {\"bind\": \"path\", \"eq\": …}")
            return nil
        }
        guard let path = path(written, at: pointer + ["bind"], scopes: scopes) else { return nil }
        let given = tests.filter { members[$0] != nil }
        guard given.count == 1, let test = given.first, let operand = members[test] else {
            error(pointer, "a condition has one test (\(tests.joined(separator: ", "))); found \(given.isEmpty ? "none" : given.joined(separator: ", "))")
            return nil
        }
        switch test {
        case "eq": return .equal(path, operand)
        case "ne": return .notEqual(path, operand)
        case "in":
            guard case .array(let values) = operand else {
                error(pointer + ["in"], "expected an array of values, found \(Self.found(operand))")
                return nil
            }
            return .oneOf(path, values)
        case "exists":
            guard case .bool(let flag) = operand else {
                error(pointer + ["exists"], "expected true or false, found \(Self.found(operand))")
                return nil
            }
            return .exists(path, flag)
        default:
            guard operand.doubleValue != nil || operand.stringValue != nil else {
                error(pointer + [test], "\"\(test)\" compares with a number or text, found \(Self.found(operand))")
                return nil
            }
            return .order(path, Predicate.Comparison(rawValue: test)!, operand)
        }
    }
}
