import LoomGraph
import Observation
import Testing

// Rule 1 of the semantics contract (docs/architecture.md, "The update rules"): identity.

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
        graph.runPass()
        #expect(graph.texts.filter { $0.contains(":") } == ["1:0", "2:2", "3:0"])
        let appearsBefore = graph.counters(of: TapRow.self).appears

        graph.afterPass { model.order = [3, 2, 1] }

        #expect(graph.texts.filter { $0.contains(":") } == ["3:0", "2:2", "1:0"])
        #expect(graph.counters(of: TapRow.self).appears == appearsBefore, "no row is rebuilt")
        #expect(graph.bodies(TapRow.self) == 0, "moved rows with equal inputs are not evaluated")
    }

    @Test func aChangedIDResetsStateAndFiresDisappearThenAppear() {
        let model = Flags()
        let log = EventLog()
        let graph = mount(IdentifiedRow(model: model, log: log))
        graph.tap("tap 1")
        graph.runPass()
        #expect(graph.texts.contains("1:1"))

        graph.afterPass { model.number = 7 }

        #expect(graph.texts.contains("1:0"), "state was reset")
        #expect(log.events == ["appear 0", "disappear", "appear 7"])
        #expect(graph.counters(of: TapRow.self).alive == 1)
    }

    @Test func aBranchSwitchDestroysTheOldSubtreeEvenOfTheSameType() {
        let model = Flags()
        let log = EventLog()
        let graph = mount(BranchingRow(model: model, log: log))
        graph.tap("tap 1")
        graph.runPass()
        #expect(graph.texts.contains("1:1"))

        graph.afterPass { model.flag = true }

        #expect(graph.texts.contains("1:0"))
        #expect(log.events == ["appear false", "disappear false", "appear true"])
        #expect(graph.counters(of: TapRow.self).appears == 2)
        #expect(graph.counters(of: TapRow.self).alive == 1)
    }
}
