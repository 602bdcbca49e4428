/// One thing wrong with a scene document: where (the JSON Pointer of the member inside the
/// document, and the line and column when the text is at hand), what was found and what is
/// allowed there, and a near name when one is close.
public struct SceneDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The pointer inside the document (`/body/VStack/content/1/Text`): always given, as
    /// `loom trace` names the same nodes.
    public let pointer: String
    /// 1-based line and column of the value (or member name) the pointer names; 0 when unknown.
    public var line = 0
    public var column = 0
    public let message: String
    /// The name meant, when one valid at that place is close to what was written.
    public let suggestion: String?

    public init(pointer: String, message: String, suggestion: String? = nil) {
        self.pointer = pointer
        self.message = message
        self.suggestion = suggestion
    }

    /// `12:28 /body/…/widht: unknown member "widht" of a Table column (did you mean "width"?)`
    public var description: String {
        let place = line > 0 ? "\(line):\(column) " : ""
        return place + (pointer.isEmpty ? "(the document)" : pointer) + ": " + message + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    }
}

/// A document refused: every problem found, in document order, up to
/// `SceneDocumentLimits.maximumErrors` (`omitted` counts the rest).
public struct SceneDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public let diagnostics: [SceneDiagnostic]
    public let omitted: Int

    public init(_ diagnostics: [SceneDiagnostic], omitted: Int = 0) {
        self.diagnostics = diagnostics
        self.omitted = omitted
    }

    /// One line per problem, prefixed with `file` when given (`board.json:12:28 /body/…`).
    public func lines(file: String? = nil) -> [String] {
        diagnostics.map { diagnostic in
            guard let file else { return diagnostic.description }
            return file + (diagnostic.line > 0 ? ":" : " ") + diagnostic.description
        } + (omitted > 0 ? ["… and \(omitted) more"] : [])
    }

    public var description: String { lines().joined(separator: "\n") }
}
