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
struct DocumentView: View, Equatable, CustomTraceName {
    let node: DocumentNode
    let scope: DocumentScope
    let context: DocumentContext
    @Environment(StoreKey.self) private var store

    init(node: DocumentNode, scope: DocumentScope, context: DocumentContext) {
        self.node = node
        self.scope = scope
        self.context = context
    }

    /// `Text /body/VStack/content/0`, or inside a repetition the member's key after the node's
    /// place (`Text /body/ForEach/content/0 [build-7]`): a person finds it in the document.
    var traceName: String {
        node.view + " " + node.pointer + (scope.members.isEmpty ? "" : " [" + scope.members.map(\.key).joined(separator: ", ") + "]")
    }

    static func == (lhs: DocumentView, rhs: DocumentView) -> Bool {
        lhs.node === rhs.node && lhs.context === rhs.context && lhs.scope == rhs.scope
    }

    var body: some View {
        let reader = DocumentReader(store: store, scope: scope, values: context.values)
        if let condition = node.condition, !condition.holds({ reader.read($0) }) { return AnyView(EmptyView()) }
        var view = DocumentViewBuilders.build(node, in: self, reader: reader)
        for modifier in node.modifiers { view = DocumentModifiers.apply(modifier, to: view, reader: reader, in: self) }
        return view
    }

    /// The views of child nodes, in their order, each keyed by its place in the document.
    ///
    /// Not a `ForEach` over their indices: a `ForEach` makes its children rows of its own, so a
    /// document's `ForEach` inside it would no longer be a row source of the `List` around it and
    /// would build every row. Children are instead `Group`s of two, as `@ViewBuilder` nests
    /// them, which pass the container's laziness through: halves, so as deep as log₂ of the
    /// count, and one view alone is itself.
    func children(_ nodes: [DocumentNode], scope: DocumentScope? = nil) -> AnyView {
        children(nodes[...], scope: scope ?? self.scope)
    }

    private func children(_ nodes: ArraySlice<DocumentNode>, scope: DocumentScope) -> AnyView {
        switch nodes.count {
        case 0: return AnyView(EmptyView())
        case 1: return AnyView(DocumentView(node: nodes[nodes.startIndex], scope: scope, context: context))
        default:
            let middle = nodes.startIndex + nodes.count / 2
            return AnyView(Group {
                children(nodes[..<middle], scope: scope)
                children(nodes[middle...], scope: scope)
            })
        }
    }
}

/// What every node of one applied document shares: the text for a missing value. A document
/// applied again keeps the same context object while this does not change, so its unchanged
/// views stay equal.
final class DocumentContext: Sendable {
    let missing: String
    let values: [String: DerivedValue]

    init(_ document: SceneDocument) {
        self.missing = document.missing
        self.values = document.values
    }

    /// Whether `document` reads the same way: its views may keep this context.
    func matches(_ document: SceneDocument) -> Bool {
        missing == document.missing && values == document.values
    }
}
