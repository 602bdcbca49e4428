/// Something a `body` can read and later change: a `@State` box, an environment slot, a store path.
///
/// A read while a node is being evaluated records that node as a dependent (rule 2); a change
/// invalidates exactly the dependents (rules 2, 3). Dependents are unowned: a node removes
/// itself from every source it depends on before each evaluation and when it is destroyed.
class DependencySource {
    weak var graph: ViewGraph?
    var dependents: [ObjectIdentifier: Unmanaged<Node>] = [:]

    init(graph: ViewGraph?) {
        self.graph = graph
    }

    /// Records a dependency of the node being evaluated, if any, on this source.
    final func recordRead() {
        guard let node = graph?.trackingNode else { return }
        node.depend(on: self)
    }

    final func invalidateDependents(cause: EvaluationCause) {
        guard let graph else { return }
        for dependent in dependents.values {
            graph.invalidate(dependent.takeUnretainedValue(), cause: cause)
        }
    }
}
