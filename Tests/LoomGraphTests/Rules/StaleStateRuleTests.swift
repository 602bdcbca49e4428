import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// Rule 9 of the semantics contract (docs/architecture.md, "The update rules"): no stale state in closures.

@Suite("Rule 9: a closure that reads state in some body is tracked for that body")
struct StaleStateRule {
    @Test func stateReadInAnEscapingContentClosureIsCurrentAndTracked() {
        // The seed-003 glitch (SwiftUI shows 0 here); the full scenario is in SeedScenarios.
        let graph = mount(CollapsableCounter(storesClosure: true))
        for _ in 0..<3 {
            graph.tap("Increase")
            graph.runPass()
        }
        graph.afterPass { graph.tap("open") }
        #expect(graph.texts.contains("Value: 3"))
        graph.afterPass { graph.tap("Increase") }
        #expect(graph.texts.contains("Value: 4"))
        #expect(graph.bodies(ClosureCollapsable<Text>.self) == 1, "the closure's read made ClosureCollapsable depend on value")
        #expect(graph.bodies(CollapsableCounter.self) == 0)
    }
}
