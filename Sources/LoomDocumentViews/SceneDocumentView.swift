import LoomGraph
import LoomSceneDocuments

/// A declared scene's document, which `apply` replaces while viewers show it: the root view
/// re-evaluates, unchanged subtrees (the same node objects, `SceneDocument.compile(replacing:)`)
/// compare equal and keep their views, state and focus.
public final class SceneDocumentModel: ObservableObject {
    @Published public private(set) var document: SceneDocument
    private(set) var context: DocumentContext

    public init(_ document: SceneDocument) {
        self.document = document
        self.context = DocumentContext(document)
    }

    /// Shows `document` from the next frame on.
    public func replace(with document: SceneDocument) {
        if !context.matches(document) { context = DocumentContext(document) }
        self.document = document
    }
}

/// The root view of a declared scene: its document's body, read from the store in the
/// environment (`\.store`), as Swift scenes read it.
public struct SceneDocumentView: View {
    @ObservedObject var model: SceneDocumentModel

    public init(model: SceneDocumentModel) {
        self.model = model
    }

    public var body: some View {
        DocumentView(node: model.document.body, scope: .root, context: model.context)
    }
}
