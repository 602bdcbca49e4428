import LoomGraph
import Observation
import Testing

// Rule 4 of the semantics contract (docs/architecture.md, "The update rules"): ObservableObject is coarse, @Observable fine.

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
        graph.afterPass { model.x = 1 }
        #expect(graph.bodies(ReadsX.self) == 1)
        #expect(graph.bodies(ReadsY.self) == 1, "coarse: ReadsY did not read x, yet it is evaluated")
        #expect(graph.texts == ["x=1", "y=0"])
    }

    @Test func anEqualPublishedWriteAnnouncesNothing() {
        let model = Coarse()
        let graph = mount(CoarsePair(model: model))
        model.x = 0
        #expect(!graph.needsPass)
    }

    @Test func anObservablePropertyChangeInvalidatesOnlyItsReaders() {
        let model = Fine()
        let graph = mount(FinePair(model: model))
        graph.afterPass { model.x = 1 }
        #expect(graph.bodies(ReadsFineX.self) == 1)
        #expect(graph.bodies(ReadsFineY.self) == 0)
        #expect(graph.bodies(FinePair.self) == 0)
        #expect(graph.texts == ["x=1", "y=0"])
    }

    @Test func aStateObjectIsCreatedOnceAndKeptAcrossParentEvaluations() {
        let made = Tally()
        let graph = mount(OwnsModel(made: made, label: "a"))
        #expect(made.count == 1)
        graph.afterPass { graph.tap("x+") }
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
