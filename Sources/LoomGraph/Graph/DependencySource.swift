/// Something a `body` can read and later change: a `@State` box, an environment slot, a store path.
///
/// A read while a node is being evaluated records that node as a dependent (rule 2); a change
/// invalidates exactly the dependents (rules 2, 3), in whatever graphs they live. Dependents are
/// unowned: a node removes itself from every source it depends on before each evaluation and
/// when it is destroyed.
package class DependencySource {
    var dependents: [ObjectIdentifier: Unmanaged<Node>] = [:]

    init() {}

    /// Records a dependency of the node being evaluated on this thread, if any, on this source.
    final func recordRead() {
        TrackingContext.current?.depend(on: self)
    }

    final func invalidateDependents(cause: EvaluationCause) {
        for dependent in dependents.values {
            let node = dependent.takeUnretainedValue()
            node.graph.invalidate(node, cause: cause)
        }
    }
}

/// A dependency on something outside the view graph (a path of a document store, say): the seam
/// through which other modules make views depend on their data without the graph knowing it.
///
/// Call `recordRead()` when the data is read (inside a body it makes that node a dependent) and
/// `changed()` when it changes (every dependent is invalidated with `cause`). Confined to the
/// thread of the graphs that read it.
package final class Dependency: DependencySource {
    package let cause: EvaluationCause

    package init(cause: EvaluationCause) {
        self.cause = cause
    }

    package func read() {
        recordRead()
    }

    package func changed() {
        invalidateDependents(cause: cause)
    }

    /// Whether any view depends on it now (a store drops dependencies nobody holds).
    package var hasDependents: Bool { !dependents.isEmpty }

    /// Whether a body is being evaluated on this thread, so a read would record a dependency.
    /// Readers outside views (scripts) need no dependency objects at all.
    package static var isTracking: Bool { TrackingContext.current != nil }
}
