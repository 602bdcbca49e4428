/// Work counted per view type, exactly (docs/architecture.md: every rule is a test with exact counts).
final class TypeCounters {
    let typeName: String
    /// The name without generic arguments (`HStack`), as a trace shows it: made once per type,
    /// not at every traced evaluation.
    let shortName: String
    var bodies = 0
    var updates = 0
    var skips = 0
    var appears = 0
    var disappears = 0

    init(typeName: String) {
        self.typeName = typeName
        shortName = String(typeName.prefix { $0 != "<" })
    }

    var snapshot: ViewCounters {
        ViewCounters(bodies: bodies, updates: updates, skips: skips, appears: appears, disappears: disappears)
    }
}

/// A snapshot of the counters of one view type.
package struct ViewCounters: Equatable, Sendable {
    /// `body` evaluations.
    package var bodies = 0
    /// Updates of a primitive (a control re-reading its binding, a container passing values on).
    package var updates = 0
    /// New values found equal to the last one, so the evaluation was skipped (rule 5).
    package var skips = 0
    /// Nodes created (the view appeared).
    package var appears = 0
    /// Nodes destroyed (the view disappeared).
    package var disappears = 0

    /// Nodes of this type alive now.
    package var alive: Int { appears - disappears }
}
