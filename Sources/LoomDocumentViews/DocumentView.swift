import LoomGraph
import LoomJSON
import LoomSceneDocuments
import LoomStoreViews

/// One node of a scene document, shown: a view whose `body` reads exactly what its node names
/// (its condition, template, bindings and modifiers' bindings) and builds the SwiftUI view the
/// node declares, with a `DocumentView` per child node.
///
/// Two are equal when they show the same node object in the same scope: a parent evaluated
/// again (a `ForEach` whose membership changed, a document applied again) passes its unchanged
/// children equal values, and their bodies are skipped, as any Equatable view's are.
struct DocumentView: View, Equatable {
    let node: DocumentNode
    let scope: DocumentScope
    let context: DocumentContext
    @Environment(\.store) private var store

    init(node: DocumentNode, scope: DocumentScope, context: DocumentContext) {
        self.node = node
        self.scope = scope
        self.context = context
    }

    static func == (lhs: DocumentView, rhs: DocumentView) -> Bool {
        lhs.node === rhs.node && lhs.context === rhs.context && lhs.scope == rhs.scope
    }

    var body: some View {
        let reader = DocumentReader(store: store, scope: scope)
        if let condition = node.condition, !condition.holds({ reader.read($0) }) { return AnyView(EmptyView()) }
        var view = DocumentViewBuilders.build(node, in: self, reader: reader)
        for modifier in node.modifiers { view = DocumentModifiers.apply(modifier, to: view, reader: reader) }
        return view
    }

    /// The views of child nodes, in their order: each keyed by its place in the document.
    func children(_ nodes: [DocumentNode], scope: DocumentScope? = nil) -> some View {
        let scope = scope ?? self.scope
        return ForEach(0..<nodes.count) { index in DocumentView(node: nodes[index], scope: scope, context: context) }
    }
}

/// What every node of one applied document shares: the text for a missing value. A document
/// applied again keeps the same context object while this does not change, so its unchanged
/// views stay equal.
final class DocumentContext: Sendable {
    let missing: String

    init(missing: String) {
        self.missing = missing
    }
}
