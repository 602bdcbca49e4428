import LoomJSON

/// A board declared as data: a JSON document naming SwiftUI's views and modifiers, bound to
/// store paths (docs/scene-documents.md). Compiling checks all of it — every name, parameter,
/// path, template, format and condition — before anything runs, and resolves every path, so
/// that evaluating it parses nothing and each view reads exactly what it shows.
public struct SceneDocument: Sendable {
    /// The text as applied, comments included (`loom scene get` returns it as written).
    public let text: [UInt8]
    /// The document's title, when it gives one.
    public let title: String?
    /// The root view.
    public let body: DocumentNode
    /// What a placeholder whose path names nothing shows when it has no fallback.
    public let missing: String
    /// The values it derives from collections, by name (`$name`).
    public let values: [String: DerivedValue]

    /// The format version this build reads (`"loom": 1`).
    public static let version = 1
    /// `missing` when the document gives none: a dim dash, never a blank or a raw placeholder.
    public static let defaultMissing = "—"

    /// Compiles a document, or says everything wrong with it (`SceneDocumentError`). `previous`,
    /// a document this one replaces, lends its node objects to every subtree that did not
    /// change, so the views showing them are the same views (their state and focus survive).
    public static func compile(_ text: [UInt8], limits: SceneDocumentLimits = .default, replacing previous: SceneDocument? = nil)
        throws(SceneDocumentError) -> SceneDocument {
        guard text.count <= limits.maximumBytes else {
            throw SceneDocumentError([SceneDiagnostic(pointer: "", message: "a document of \(text.count) bytes is past maximumBytes (\(limits.maximumBytes))")])
        }
        let source = SceneSource(text)
        var compiler = SceneCompiler(source: source, limits: limits, previous: previous)
        guard let (title, body, missing) = compiler.document() else {
            throw SceneDocumentError(compiler.diagnostics, omitted: compiler.omitted)
        }
        return SceneDocument(text: text, title: title, body: body, missing: missing, values: compiler.values)
    }

    /// Every node of the document, parents before children (a walk with its own stack).
    public var nodes: [DocumentNode] {
        var found: [DocumentNode] = []
        var stack = [body]
        while let node = stack.popLast() {
            found.append(node)
            stack += node.children.map(\.node).reversed()
        }
        return found
    }
}
