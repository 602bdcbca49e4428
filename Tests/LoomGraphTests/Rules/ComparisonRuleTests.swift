import LoomGraph
import Observation
import Testing

// Rule 5 of the semantics contract (docs/architecture.md, "The update rules"): children are compared before their body runs.

private struct EquatableOnID: View, Equatable {
    let id: Int
    let note: String
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    var body: some View { Text("\(id) \(note)") }
}

private struct Memberwise: View {
    let value: Int
    let name: String
    var body: some View { Text("\(value) \(name)") }
}

private struct HoldsClosure: View {
    let action: () -> Void
    var body: some View { Text("closure") }
}

private struct HoldsReference: View {
    let model: Tally
    var body: some View { Text("reference") }
}

private struct PlainValue: View {
    let value: Int
    var body: some View { Text("plain \(value)") }
}

private struct ComparisonParent: View {
    let model: Flags
    let shared: Tally

    var body: some View {
        VStack {
            EquatableOnID(id: 1, note: "note \(model.number)")
            Memberwise(value: 1, name: "fixed")
            Memberwise(value: model.number, name: "tracks")
            HoldsClosure { _ = 1 }
            HoldsReference(model: shared)
            HoldsReference(model: model.flag ? Tally() : shared)
            PlainValue(value: 1).equatable()
        }
    }
}

extension PlainValue: Equatable {}

@Suite("Rule 5: equal children are skipped")
struct ComparisonRule {
    @Test func eachKindOfFieldIsComparedByItsRule() {
        let model = Flags()
        let graph = mount(ComparisonParent(model: model, shared: Tally()))
        var evaluated: [String] = []
        graph.evaluationObserver = { evaluation, _ in evaluated.append("\(evaluation.typeName) \(evaluation.causes)") }

        graph.afterPass { model.number = 1 }

        #expect(graph.bodies(ComparisonParent.self) == 1)
        #expect(graph.bodies(EquatableOnID.self) == 0, "Equatable: == ignores note")
        #expect(graph.bodies(Memberwise.self) == 1, "memberwise: only the instance whose value changed")
        #expect(graph.bodies(HoldsClosure.self) == 1, "closures always differ")
        #expect(graph.bodies(HoldsReference.self) == 0, "same references")
        #expect(graph.bodies(PlainValue.self) == 0, ".equatable()")
        #expect(evaluated.contains("Memberwise [@self(value)]"))

        graph.afterPass { model.flag = true }
        #expect(graph.bodies(HoldsReference.self) == 1, "a different reference differs")
    }
}
