/// A node that holds the last value of one view type.
class ViewNode<V: View>: Node {
    var view: V

    init(_ view: V, parent: Node?, graph: ViewGraph) {
        self.view = view
        super.init(viewType: V.self, parent: parent, graph: graph)
    }

    /// The parent's evaluation produced a new value for this position.
    func receive(_ newValue: V) {
        view = newValue
        graph.enqueue(self, cause: .inputs([]))
    }
}
