import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// Rule 11 of the semantics contract (docs/architecture.md, "The update rules"): causes.

private final class Announcer: ObservableObject {
    @Published var tick = 0
}

private struct CauseRoot: View {
    let model: Fine2
    let announcer: Announcer
    @State private var count = 0

    var body: some View {
        VStack {
            Text("count \(count)")
            Button("count+") { count += 1 }
            Shown(value: count)
            ObservesFine(model: model)
            ObservesAnnouncer(announcer: announcer)
            Reader()
        }
        .environment(\.accent, count > 1 ? "many" : "few")
    }
}

@Observable
private final class Fine2 {
    var title = "t"
}

private struct Shown: View {
    let value: Int
    var body: some View { Text("shown \(value)") }
}

private struct ObservesFine: View {
    let model: Fine2
    var body: some View { Text(model.title) }
}

private struct ObservesAnnouncer: View {
    @ObservedObject var announcer: Announcer
    var body: some View { Text("ticks") }
}

@Suite("Rule 11: every evaluation has a recorded cause")
struct CauseRule {
    @Test func eachKindOfCauseIsNamed() {
        let model = Fine2(), announcer = Announcer()
        let graph = ViewGraph(CauseRoot(model: model, announcer: announcer))
        var log: [String: [EvaluationCause]] = [:]
        graph.evaluationObserver = { evaluation, _ in log[evaluation.typeName] = evaluation.causes }
        graph.runPass()
        #expect(log["CauseRoot"] == [.identity])
        #expect(log["Shown"] == [.identity])

        graph.tap("count+")
        graph.runPass()
        #expect(log["CauseRoot"] == [.state("count")])
        #expect(log["Shown"] == [.inputs(["value"])])

        graph.tap("count+")
        graph.runPass()
        #expect(log["Reader"] == [.environment("AccentKey")])

        model.title = "u"
        graph.runPass()
        guard case .observable(let property)? = log["ObservesFine"]?.first else {
            Issue.record("no observable cause: \(String(describing: log["ObservesFine"]))")
            return
        }
        #expect(property == "Fine2")

        announcer.tick = 1
        graph.runPass()
        #expect(log["ObservesAnnouncer"] == [.objectWillChange("Announcer")])
        #expect(EvaluationCause.inputs(["value", "name"]).description == "@self(value, name)")
        #expect(graph.nodes(named: "Shown").first?.lastCauses == [.inputs(["value"])])
    }

    /// What a trace shows names every cause: a view without a body that its parent gave a new
    /// value names the fields that differ, or says its parent passed it on; and the view's name
    /// is short (`HStack`, not every type it holds).
    @Test func aTracedEvaluationNamesTheFieldOrItsParentAndTheViewShortly() {
        let model = Fine2(), announcer = Announcer()
        let graph = ViewGraph(CauseRoot(model: model, announcer: announcer))
        var traced: [(name: String, causes: [String])] = []
        graph.evaluationObserver = { evaluation, _ in traced.append((evaluation.shortTypeName, evaluation.causes.map(\.description))) }
        graph.runPass()
        traced.removeAll()
        graph.tap("count+")
        graph.runPass()
        #expect(traced.map(\.name) == ["CauseRoot", "ModifiedContent", "VStack", "TupleView", "Text", "Button", "Shown", "Text"])
        #expect(traced.map(\.causes) == [["@state(count)"], ["@self(content, modifier)"], ["@self(content)"], ["@self(value)"], ["@self(content)"],
                                          ["@self(action)"], ["@self(value)"], ["@self(content)"]])
        #expect(EvaluationCause.parent.description == "@parent")

        // Untraced, a view without a body is not compared: its parent passed it on.
        graph.evaluationObserver = nil
        graph.tap("count+")
        graph.runPass()
        #expect(graph.nodes(named: "VStack").first?.lastCauses == [.parent])
    }
}
