/// The node of a view with a `body`: installs its dynamic properties, evaluates `body` with
/// dependency tracking, and reconciles the result as its single child.
///
/// A new value from the parent is compared with the last one first (rule 5): when equal and
/// the node is not invalidated, `body` is skipped and the subtree is left as it is.
final class CompositeNode<V: View>: ViewNode<V> {
    private let info: ViewTypeInfo

    override init(_ view: V, parent: Node?, graph: ViewGraph) {
        self.info = ViewTypeInfo.of(V.self)
        super.init(view, parent: parent, graph: graph)
    }

    override var tracksDependencies: Bool { true }
    override package var evaluatesBody: Bool { true }

    override func receive(_ newValue: V) {
        if info.comparer.equal(kept: &view, newValue) {
            counters.skips += 1
            // Invalidated and equal: the dirty mark alone decides; process it now, parents first.
            if isDirty { graph.enqueue(self, cause: nil) }
            return
        }
        let changed = info.changedFields(view, newValue)
        view = newValue
        graph.enqueue(self, cause: .inputs(changed))
    }

    override func process() {
        info.properties.install(into: &view, node: self)
        let body = view.body
        var children = ChildList(self)
        children.append(body)
        children.finish()
    }
}
