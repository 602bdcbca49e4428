/// Work counted per view type, exactly (docs/architecture.md: every rule is a test with exact counts).
final class TypeCounters {
    let typeName: String
    var bodies = 0
    var updates = 0
    var skips = 0
    var appears = 0
    var disappears = 0

    init(typeName: String) {
        self.typeName = typeName
    }

    var snapshot: ViewCounters {
        ViewCounters(bodies: bodies, updates: updates, skips: skips, appears: appears, disappears: disappears)
    }
}

/// A snapshot of the counters of one view type.
public struct ViewCounters: Equatable, Sendable {
    /// `body` evaluations.
    public var bodies = 0
    /// Updates of a primitive (a control re-reading its binding, a container passing values on).
    public var updates = 0
    /// New values found equal to the last one, so the evaluation was skipped (rule 5).
    public var skips = 0
    /// Nodes created (the view appeared).
    public var appears = 0
    /// Nodes destroyed (the view disappeared).
    public var disappears = 0

    /// Nodes of this type alive now.
    public var alive: Int { appears - disappears }
}
