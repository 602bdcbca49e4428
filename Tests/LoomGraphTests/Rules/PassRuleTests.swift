import LoomGraph
import Observation
import Testing

// Rule 6 of the semantics contract (docs/architecture.md, "The update rules"): once per frame, parents first.

private struct ParentAndChildRead: View {
    @State private var value = 0
    var body: some View {
        VStack {
            Text("parent \(value)")
            ChildReadsToo(value: $value, copy: value)
            Button("inc") { value += 1 }
        }
    }
}

private struct ChildReadsToo: View {
    @Binding var value: Int
    let copy: Int
    var body: some View { Text("child \(value) \(copy)") }
}

@Suite("Rule 6: one frame evaluates each dirty node once, parents first")
struct FrameRule {
    @Test func aDirtyChildBroughtUpToDateByItsParentIsNotEvaluatedAgain() {
        let graph = mount(ParentAndChildRead())
        var order: [String] = []
        graph.evaluationObserver = { evaluation, _ in if !evaluation.typeName.contains("<") && evaluation.typeName != "Text" { order.append(evaluation.typeName) } }
        graph.afterPass { graph.tap("inc") }
        #expect(order == ["ParentAndChildRead", "ChildReadsToo"])
        #expect(graph.bodies(ChildReadsToo.self) == 1)
        #expect(graph.texts.contains("child 1 1"))
    }
}
