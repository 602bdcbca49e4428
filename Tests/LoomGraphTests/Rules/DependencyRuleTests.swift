import LoomGraph
import Observation
import Testing

// Rule 2 of the semantics contract (docs/architecture.md, "The update rules"): dependencies are what body read.

private struct ReadsOnlyA: View {
    @State private var a = 0
    @State private var b = 0

    var body: some View {
        VStack {
            Text("a=\(a)")
            Button("a+") { a += 1 }
            Button("b+") { b += 1 }
            ReadsBinding(value: $b)
        }
    }
}

private struct ReadsBinding: View {
    @Binding var value: Int
    var body: some View { Text("b=\(value)") }
}

@Suite("Rule 2: dependencies are what body read")
struct DependencyRule {
    @Test func writingStateTheBodyReadReevaluatesIt() {
        let graph = mount(ReadsOnlyA())
        graph.afterPass { graph.tap("a+") }
        #expect(graph.bodies(ReadsOnlyA.self) == 1)
        #expect(graph.bodies(ReadsBinding.self) == 0)
        #expect(graph.texts.contains("a=1"))
    }

    @Test func creatingABindingIsNotAReadOnlyTheChildThatReadsItIsEvaluated() {
        let graph = mount(ReadsOnlyA())
        graph.afterPass { graph.tap("b+") }
        #expect(graph.bodies(ReadsOnlyA.self) == 0, "$b in the parent's body is not a read")
        #expect(graph.bodies(ReadsBinding.self) == 1)
        #expect(graph.texts.contains("b=1"))
    }
}
