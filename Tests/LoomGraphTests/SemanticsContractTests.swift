import LoomGraph
import Observation
import Testing

// One test (or a few) per rule of the semantics contract in DESIGN.md, with exact counts.

// MARK: - Rule 1: identity

private struct TapRow: View {
    let id: Int
    @State private var taps = 0

    var body: some View {
        HStack {
            Text("\(id):\(taps)")
            Button("tap \(id)") { taps += 1 }
        }
    }
}

private struct ReorderableRows: View {
    let model: Flags

    var body: some View {
        VStack {
            ForEach(model.order, id: \.self) { TapRow(id: $0) }
        }
    }
}

private struct IdentifiedRow: View {
    let model: Flags
    let log: EventLog

    var body: some View {
        TapRow(id: 1)
            .onAppear { log.events.append("appear \(model.number)") }
            .onDisappear { log.events.append("disappear") }
            .id(model.number)
    }
}

private struct BranchingRow: View {
    let model: Flags
    let log: EventLog

    var body: some View {
        if model.flag {
            TapRow(id: 1).onAppear { log.events.append("appear true") }.onDisappear { log.events.append("disappear true") }
        } else {
            TapRow(id: 1).onAppear { log.events.append("appear false") }.onDisappear { log.events.append("disappear false") }
        }
    }
}

@Suite("Rule 1: identity")
struct IdentityRule {
    @Test func reorderingKeyedRowsMovesNodesWithTheirState() {
        let model = Flags()
        model.order = [1, 2, 3]
        let graph = mount(ReorderableRows(model: model))
        graph.tap("tap 2")
        graph.tap("tap 2")
        graph.runFrame()
        #expect(graph.texts.filter { $0.contains(":") } == ["1:0", "2:2", "3:0"])
        let appearsBefore = graph.counters(named: "TapRow").appears

        graph.afterFrame { model.order = [3, 2, 1] }

        #expect(graph.texts.filter { $0.contains(":") } == ["3:0", "2:2", "1:0"])
        #expect(graph.counters(named: "TapRow").appears == appearsBefore, "no row is rebuilt")
        #expect(graph.bodies("TapRow") == 0, "moved rows with equal inputs are not evaluated")
    }

    @Test func aChangedIDResetsStateAndFiresDisappearThenAppear() {
        let model = Flags()
        let log = EventLog()
        let graph = mount(IdentifiedRow(model: model, log: log))
        graph.tap("tap 1")
        graph.runFrame()
        #expect(graph.texts.contains("1:1"))

        graph.afterFrame { model.number = 7 }

        #expect(graph.texts.contains("1:0"), "state was reset")
        #expect(log.events == ["appear 0", "disappear", "appear 7"])
        #expect(graph.counters(named: "TapRow").alive == 1)
    }

    @Test func aBranchSwitchDestroysTheOldSubtreeEvenOfTheSameType() {
        let model = Flags()
        let log = EventLog()
        let graph = mount(BranchingRow(model: model, log: log))
        graph.tap("tap 1")
        graph.runFrame()
        #expect(graph.texts.contains("1:1"))

        graph.afterFrame { model.flag = true }

        #expect(graph.texts.contains("1:0"))
        #expect(log.events == ["appear false", "disappear false", "appear true"])
        #expect(graph.counters(named: "TapRow").appears == 2)
        #expect(graph.counters(named: "TapRow").alive == 1)
    }
}

// MARK: - Rule 2: dependencies are what body read

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
        graph.afterFrame { graph.tap("a+") }
        #expect(graph.bodies("ReadsOnlyA") == 1)
        #expect(graph.bodies("ReadsBinding") == 0)
        #expect(graph.texts.contains("a=1"))
    }

    @Test func creatingABindingIsNotAReadOnlyTheChildThatReadsItIsEvaluated() {
        let graph = mount(ReadsOnlyA())
        graph.afterFrame { graph.tap("b+") }
        #expect(graph.bodies("ReadsOnlyA") == 0, "$b in the parent's body is not a read")
        #expect(graph.bodies("ReadsBinding") == 1)
        #expect(graph.texts.contains("b=1"))
    }
}

// MARK: - Rule 3: equal writes

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
        #expect(!graph.needsFrame)
        graph.afterFrame { graph.tap("other") }
        #expect(graph.bodies("EqualWriter") == 1)
    }
}

// MARK: - Rule 4: ObservableObject is coarse, @Observable fine

private final class Coarse: ObservableObject {
    @Published var x = 0
    @Published var y = 0
}

private struct ReadsX: View {
    @ObservedObject var model: Coarse
    var body: some View { Text("x=\(model.x)") }
}

private struct ReadsY: View {
    @ObservedObject var model: Coarse
    var body: some View { Text("y=\(model.y)") }
}

private struct CoarsePair: View {
    let model: Coarse
    var body: some View {
        VStack {
            ReadsX(model: model)
            ReadsY(model: model)
        }
    }
}

@Observable
private final class Fine {
    var x = 0
    var y = 0
}

private struct ReadsFineX: View {
    let model: Fine
    var body: some View { Text("x=\(model.x)") }
}

private struct ReadsFineY: View {
    let model: Fine
    var body: some View { Text("y=\(model.y)") }
}

private struct FinePair: View {
    let model: Fine
    var body: some View {
        VStack {
            ReadsFineX(model: model)
            ReadsFineY(model: model)
        }
    }
}

@Suite("Rule 4: ObservableObject is coarse, @Observable is fine-grained")
struct ObservationRule {
    @Test func anyPublishedChangeInvalidatesEveryObserverOfTheObject() {
        let model = Coarse()
        let graph = mount(CoarsePair(model: model))
        graph.afterFrame { model.x = 1 }
        #expect(graph.bodies("ReadsX") == 1)
        #expect(graph.bodies("ReadsY") == 1, "coarse: ReadsY did not read x, yet it is evaluated")
        #expect(graph.texts == ["x=1", "y=0"])
    }

    @Test func anEqualPublishedWriteAnnouncesNothing() {
        let model = Coarse()
        let graph = mount(CoarsePair(model: model))
        model.x = 0
        #expect(!graph.needsFrame)
    }

    @Test func anObservablePropertyChangeInvalidatesOnlyItsReaders() {
        let model = Fine()
        let graph = mount(FinePair(model: model))
        graph.afterFrame { model.x = 1 }
        #expect(graph.bodies("ReadsFineX") == 1)
        #expect(graph.bodies("ReadsFineY") == 0)
        #expect(graph.bodies("FinePair") == 0)
        #expect(graph.texts == ["x=1", "y=0"])
    }

    @Test func aStateObjectIsCreatedOnceAndKeptAcrossParentEvaluations() {
        let made = Tally()
        let graph = mount(OwnsModel(made: made, label: "a"))
        #expect(made.count == 1)
        graph.afterFrame { graph.tap("x+") }
        #expect(graph.texts.contains("a x=1"))
        #expect(made.count == 1)
    }
}

private struct OwnsModel: View {
    let made: Tally
    let label: String
    @StateObject private var model: Coarse

    init(made: Tally, label: String) {
        self.made = made
        self.label = label
        _model = StateObject(wrappedValue: { made.tick(); return Coarse() }())
    }

    var body: some View {
        VStack {
            Text("\(label) x=\(model.x)")
            Button("x+") { model.x += 1 }
        }
    }
}

// MARK: - Rule 5: children are compared before their body runs

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

        graph.afterFrame { model.number = 1 }

        #expect(graph.bodies("ComparisonParent") == 1)
        #expect(graph.bodies("EquatableOnID") == 0, "Equatable: == ignores note")
        #expect(graph.bodies("Memberwise") == 1, "memberwise: only the instance whose value changed")
        #expect(graph.bodies("HoldsClosure") == 1, "closures always differ")
        #expect(graph.bodies("HoldsReference") == 0, "same references")
        #expect(graph.bodies("PlainValue") == 0, ".equatable()")
        #expect(evaluated.contains("Memberwise [@self(value)]"))

        graph.afterFrame { model.flag = true }
        #expect(graph.bodies("HoldsReference") == 1, "a different reference differs")
    }
}

// MARK: - Rule 6: once per frame, parents first

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
        graph.afterFrame { graph.tap("inc") }
        #expect(order == ["ParentAndChildRead", "ChildReadsToo"])
        #expect(graph.bodies("ChildReadsToo") == 1)
        #expect(graph.texts.contains("child 1 1"))
    }
}

// MARK: - Rule 7: lazy containers build only the window

private struct EagerOrLazy: View {
    let lazy: Bool
    let rows: Int
    var body: some View {
        if lazy {
            ScrollView { LazyVStack { ForEach(0..<rows) { LazyRow(index: $0) } } }
        } else {
            ScrollView { VStack { ForEach(0..<rows) { LazyRow(index: $0) } } }
        }
    }
}

private struct LazyRow: View {
    let index: Int
    @State private var visits = 0
    var body: some View { Text("row \(index)") }
}

@Suite("Rule 7: lazy containers build only the rows in view")
struct LazinessRule {
    @Test func eagerStacksBuildEveryRow() {
        let graph = mount(EagerOrLazy(lazy: false, rows: 1_000))
        #expect(graph.bodies("LazyRow") == 1_000)
    }

    @Test(arguments: [1_000, 1_000_000])
    func lazyStacksBuildTheVisibleRowsPlusOverscanWhateverTheLength(rows: Int) {
        let graph = mount(EagerOrLazy(lazy: true, rows: rows), window: LazyWindow(visibleRows: 20))
        #expect(graph.bodies("LazyRow") == 20 + LazyWindow.overscan)
        #expect(graph.counters(named: "LazyRow").alive == 20 + LazyWindow.overscan)
    }

    @Test func scrollingByOneRowBuildsTheRowThatEntersAndReleasesTheOneThatLeft() {
        let graph = mount(EagerOrLazy(lazy: true, rows: 1_000_000), window: LazyWindow(firstVisibleRow: 10, visibleRows: 20))
        #expect(graph.texts.first == "row 8")
        let appears = graph.counters(named: "LazyRow").appears
        graph.afterFrame { graph.lazyWindow = LazyWindow(firstVisibleRow: 11, visibleRows: 20) }
        #expect(graph.bodies("LazyRow") == 1)
        #expect(graph.counters(named: "LazyRow").appears == appears + 1)
        #expect(graph.counters(named: "LazyRow").alive == 20 + LazyWindow.overscan)
        #expect(graph.texts.first == "row 9")
        #expect(graph.texts.last == "row 32")
    }

    @Test func aWindowPastTheEndBuildsTheLastRows() {
        let graph = mount(EagerOrLazy(lazy: true, rows: 1_000), window: LazyWindow(firstVisibleRow: 5_000, visibleRows: 20))
        #expect(graph.counters(named: "LazyRow").alive == 20 + LazyWindow.overscan / 2)
        #expect(graph.texts.first == "row 978" && graph.texts.last == "row 999")
    }
}
