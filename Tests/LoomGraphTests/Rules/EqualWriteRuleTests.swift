import LoomGraph
import Observation
import Testing

// Rule 3 of the semantics contract (docs/architecture.md, "The update rules"): equal writes.

private struct EqualWriter: View {
    @State private var value = 5
    var body: some View {
        VStack {
            Text("\(value)")
            Button("same") { value = 5 }
            Button("other") { value = 6 }
        }
    }
}

@Suite("Rule 3: a write of an equal value invalidates nothing")
struct EqualWriteRule {
    @Test func anEqualWriteInvalidatesNothing() {
        let graph = mount(EqualWriter())
        graph.tap("same")
        #expect(!graph.needsPass)
        graph.afterPass { graph.tap("other") }
        #expect(graph.bodies(EqualWriter.self) == 1)
    }
}
