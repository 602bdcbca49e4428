/// A node that holds the last value of one view type.
class ViewNode<V: View>: Node {
    var view: V

    init(_ view: V, parent: Node?, graph: ViewGraph) {
        self.view = view
        super.init(viewType: V.self, parent: parent, graph: graph)
    }

    override var traceName: String? { (view as? any CustomTraceName)?.traceName }

    /// The parent's evaluation produced a new value for this position. While someone traces,
    /// the cause names the fields that differ (a comparison per update, paid only then).
    func receive(_ newValue: V) {
        var cause = EvaluationCause.parent
        if graph.evaluationObserver != nil {
            let fields = ViewTypeInfo.of(V.self).changedFields(view, newValue)
            if !fields.isEmpty { cause = .inputs(fields) }
        }
        view = newValue
        graph.enqueue(self, cause: cause)
    }
}
