import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// Rule 8 of the semantics contract (docs/architecture.md, "The update rules"): navigation builds destinations when pushed.

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
        graph.runPass()

        #expect(inits.count == 1)
        #expect(bodies.count == 1)
        #expect(graph.texts == ["detail 42"], "the stack shows its top")

        #expect(graph.popNavigation())
        graph.runPass()
        #expect(graph.texts.first == "item 0")
        #expect(graph.counters(of: Detail.self).alive == 0)
    }
}
