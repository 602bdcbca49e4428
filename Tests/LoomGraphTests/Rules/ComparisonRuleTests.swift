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

/// A row as boards write them: a fixed label in a frame, a value that changes, a spacer.
private struct LabelledRow: View {
    let model: Flags
    var body: some View {
        HStack {
            Text("label").frame(width: 12, alignment: .leading)
            Text("value \(model.number)").padding(.horizontal, 1)
            Spacer()
        }
    }
}

@Suite("Rule 5: equal modified leaves are skipped")
struct ModifiedLeafComparisonRule {
    /// SwiftUI compares a view value before updating it, modifiers included: `Text("label")
    /// .frame(width: 12)` re-made equal by its parent's body is not updated (and its layout,
    /// kept with the node's stamp, is not computed again); the changed text's modifier is.
    @Test func aModifiedLeafThatDidNotChangeIsSkippedAndOneThatChangedIsUpdated() {
        let model = Flags()
        let graph = mount(LabelledRow(model: model))
        graph.afterPass { model.number = 1 }
        #expect(graph.bodies(LabelledRow.self) == 1)
        let modified = graph.counters(of: ModifiedContent<Text, _LayoutModifier>.self)
        #expect(modified.skips == 1, "the label's frame is equal: skipped")
        #expect(modified.updates == 1, "the value's padding holds a changed text")
        #expect(graph.texts.contains("value 1"))
    }

    /// Comparing a container's content could cost its collection's length (a list of a million
    /// rows made again with equal rows); only leaves under built-in modifiers are compared.
    @Test func containersAndModifiedContainersAreNotCompared() {
        let model = Flags()
        let graph = mount(ContainerRow(model: model))
        graph.afterPass { model.number = 1 }
        #expect(graph.counters(of: ModifiedContent<VStack<Text>, _LayoutModifier>.self).skips == 0)
        #expect(graph.updates(ModifiedContent<VStack<Text>, _LayoutModifier>.self) == 1)
    }
}

private struct ContainerRow: View {
    let model: Flags
    var body: some View {
        VStack {
            VStack { Text("fixed") }.padding(1)
            Text("\(model.number)")
        }
    }
}
