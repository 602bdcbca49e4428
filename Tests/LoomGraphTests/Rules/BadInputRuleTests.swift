import Foundation
import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// Rule 12 of the semantics contract (docs/architecture.md, "The update rules"): bad input never crashes.

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

@Suite("Rule 12: bad input is reported, never fatal")
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
        #expect(!graph.needsPass)
    }

    @Test func anInvalidationLoopIsCutOffEveryFrame() {
        let model = PingPong()
        let graph = mount(PingPongRoot(model: model))
        #expect(graph.diagnostics.count(.invalidationLoop) == 1)
        #expect(graph.needsPass, "the loop waits for the next frame instead of spinning in this one")
        for frame in 1...5 {
            graph.resetWorkCounters()
            graph.runPass()
            #expect(graph.bodies(ReadsAWritesB.self) == 1, "frame \(frame)")
            #expect(graph.bodies(ReadsBWritesA.self) == 1, "frame \(frame)")
        }
        #expect(graph.diagnostics.count(.invalidationLoop) == 6)
        #expect(graph.settle(maxPasses: 3) == 3)
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
        #expect(graph.needsPass)
        graph.runPass()
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
