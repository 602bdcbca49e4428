import Foundation
import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// MARK: - Rule 8: navigation builds destinations when pushed

private struct Detail: View {
    let id: Int
    let inits: Tally
    let bodies: Tally

    init(id: Int, inits: Tally, bodies: Tally) {
        self.id = id
        self.inits = inits
        self.bodies = bodies
        inits.tick()
    }

    var body: some View {
        bodies.tick()
        return Text("detail \(id)")
    }
}

private struct ValueLinks: View {
    let inits: Tally
    let bodies: Tally

    var body: some View {
        NavigationStack {
            VStack {
                ForEach(0..<100) { NavigationLink("item \($0)", value: $0) }
            }
            .navigationDestination(for: Int.self) { Detail(id: $0, inits: inits, bodies: bodies) }
        }
    }
}

@Suite("Rule 8: lazy navigation")
struct NavigationRule {
    @Test func valueLinksBuildNothingUntilPushedThenExactlyTheDestination() {
        let inits = Tally(), bodies = Tally()
        let graph = mount(ValueLinks(inits: inits, bodies: bodies))
        #expect(inits.count == 0)
        #expect(bodies.count == 0)

        graph.control(.navigationLink, "item 42")?.tap()
        graph.runFrame()

        #expect(inits.count == 1)
        #expect(bodies.count == 1)
        #expect(graph.texts == ["detail 42"], "the stack shows its top")

        #expect(graph.popNavigation())
        graph.runFrame()
        #expect(graph.texts.first == "item 0")
        #expect(graph.counters(named: "Detail").alive == 0)
    }
}

// MARK: - Rule 9: no stale state in closures

@Suite("Rule 9: a closure that reads state in some body is tracked for that body")
struct StaleStateRule {
    @Test func stateReadInAnEscapingContentClosureIsCurrentAndTracked() {
        // The seed-003 glitch (SwiftUI shows 0 here); the full scenario is in SeedScenarios.
        let graph = mount(CollapsableCounter(storesClosure: true))
        for _ in 0..<3 {
            graph.tap("Increase")
            graph.runFrame()
        }
        graph.afterFrame { graph.tap("open") }
        #expect(graph.texts.contains("Value: 3"))
        graph.afterFrame { graph.tap("Increase") }
        #expect(graph.texts.contains("Value: 4"))
        #expect(graph.bodies("ClosureCollapsable") == 1, "the closure's read made ClosureCollapsable depend on value")
        #expect(graph.bodies("CollapsableCounter") == 0)
    }
}

// MARK: - Rule 10: environment

private struct AccentKey: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

private struct EnvironmentRoot: View {
    @State private var accent = "red"
    var body: some View {
        VStack {
            Middle().environment(\.accent, accent)
            Button("blue") { accent = "blue" }
            Button("same") { accent = "red" }
        }
    }
}

private struct Middle: View {
    var body: some View {
        VStack {
            Text("middle")
            Reader()
        }
    }
}

private struct Reader: View {
    @Environment(\.accent) private var accent
    var body: some View { Text("accent \(accent)") }
}

@Suite("Rule 10: environment changes evaluate only readers")
struct EnvironmentRule {
    @Test func aChangedValueEvaluatesTheReaderNotTheViewsBetween() {
        let graph = mount(EnvironmentRoot())
        #expect(graph.texts.contains("accent red"))
        graph.afterFrame { graph.tap("blue") }
        #expect(graph.bodies("Reader") == 1)
        #expect(graph.bodies("Middle") == 0)
        #expect(graph.texts.contains("accent blue"))
    }

    @Test func anUnchangedValueEvaluatesNoReader() {
        let graph = mount(EnvironmentRoot())
        graph.afterFrame { graph.tap("blue") }
        graph.afterFrame { graph.tap("blue") }
        #expect(graph.bodies("Reader") == 0)
    }

    @Test func aKeyWithNoWriterReadsItsDefault() {
        let graph = mount(Reader())
        #expect(graph.texts == ["accent none"])
    }
}

// MARK: - Rule 11: causes

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
        graph.runFrame()
        #expect(log["CauseRoot"] == [.identity])
        #expect(log["Shown"] == [.identity])

        graph.tap("count+")
        graph.runFrame()
        #expect(log["CauseRoot"] == [.state("count")])
        #expect(log["Shown"] == [.inputs(["value"])])

        graph.tap("count+")
        graph.runFrame()
        #expect(log["Reader"] == [.environment("AccentKey")])

        model.title = "u"
        graph.runFrame()
        guard case .observable(let property)? = log["ObservesFine"]?.first else {
            Issue.record("no observable cause: \(String(describing: log["ObservesFine"]))")
            return
        }
        #expect(property == "Fine2")

        announcer.tick = 1
        graph.runFrame()
        #expect(log["ObservesAnnouncer"] == [.objectWillChange("Announcer")])
        #expect(EvaluationCause.inputs(["value", "name"]).description == "@self(value, name)")
        #expect(graph.nodes(named: "Shown").first?.lastCauses == [.inputs(["value"])])
    }
}

// MARK: - Rule 13: bad input never crashes

private struct DuplicateIDs: View {
    let ids: [Int]
    var body: some View {
        VStack { ForEach(ids, id: \.self) { TapRow2(id: $0) } }
    }
}

private struct TapRow2: View {
    let id: Int
    var body: some View { Text("\(id)") }
}

private struct WritesStateInBody: View {
    @State private var count = 0
    var body: some View {
        count = 99
        return Text("count \(count)")
    }
}

@Observable
private final class PingPong {
    var a = 0
    var b = 0
}

private struct PingPongRoot: View {
    let model: PingPong
    var body: some View {
        VStack {
            ReadsAWritesB(model: model)
            ReadsBWritesA(model: model)
        }
    }
}

private struct ReadsAWritesB: View {
    let model: PingPong
    var body: some View {
        let a = model.a
        model.b = a + 1
        return Text("a \(a)")
    }
}

private struct ReadsBWritesA: View {
    let model: PingPong
    var body: some View {
        let b = model.b
        model.a = b + 1
        return Text("b \(b)")
    }
}

@Suite("Rule 13: bad input is reported, never fatal")
struct BadInputRule {
    @Test func duplicateForEachIDsAreReportedAndRenderedDeterministically() {
        let graph = mount(DuplicateIDs(ids: [1, 2, 2, 3, 2]))
        #expect(graph.texts == ["1", "2", "2", "3", "2"])
        #expect(graph.diagnostics.count(.duplicateID) == 1)
        let again = mount(DuplicateIDs(ids: [1, 2, 2, 3, 2]))
        #expect(again.texts == graph.texts)
    }

    @Test func writingStateDuringABodyIsIgnoredWithADiagnostic() {
        let graph = mount(WritesStateInBody())
        #expect(graph.texts == ["count 0"])
        #expect(graph.diagnostics.count(.stateWrittenDuringEvaluation) == 1)
        #expect(!graph.needsFrame)
    }

    @Test func anInvalidationLoopIsCutOffEveryFrame() {
        let model = PingPong()
        let graph = mount(PingPongRoot(model: model))
        #expect(graph.diagnostics.count(.invalidationLoop) == 1)
        #expect(graph.needsFrame, "the loop waits for the next frame instead of spinning in this one")
        for frame in 1...5 {
            graph.resetWorkCounters()
            graph.runFrame()
            #expect(graph.bodies("ReadsAWritesB") == 1, "frame \(frame)")
            #expect(graph.bodies("ReadsBWritesA") == 1, "frame \(frame)")
        }
        #expect(graph.diagnostics.count(.invalidationLoop) == 6)
        #expect(graph.settle(maxFrames: 3) == 3)
    }

    @Test func aModelChangedOnAnotherThreadIsDeliveredOnTheGraphsThread() {
        let model = Fine()
        let graph = mount(ReadsFineXOnly(model: model))
        let woken = Tally2()
        graph.setWakeUp { woken.mark() }
        nonisolated(unsafe) let shared = model
        let thread = Thread { shared.x = 5 }
        thread.start()
        while !woken.isMarked { usleep(1_000) }
        #expect(graph.needsFrame)
        graph.runFrame()
        #expect(graph.texts == ["x=5"])
        #expect(graph.diagnostics.count(.mutationOffGraphThread) == 1)
    }
}

@Observable
private final class Fine {
    var x = 0
}

private struct ReadsFineXOnly: View {
    let model: Fine
    var body: some View { Text("x=\(model.x)") }
}

import Synchronization

private final class Tally2: Sendable {
    private let marked = Mutex(false)
    func mark() { marked.withLock { $0 = true } }
    var isMarked: Bool { marked.withLock { $0 } }
}
