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

private struct Lifecycle: View {
    let log: EventLog

    var body: some View {
        NavigationStack {
            VStack {
                Text("root").onAppear { log.events.append("root appeared") }.onDisappear { log.events.append("root disappeared") }
                NavigationLink("open", value: 1)
                NavigationLink("nowhere", value: "text")
            }
            .navigationDestination(for: Int.self) { _ in
                Text("detail").onAppear { log.events.append("detail appeared") }.onDisappear { log.events.append("detail disappeared") }
            }
        }
    }
}

@Suite("Rule 8: navigation and the views it covers")
struct NavigationLifecycleRule {
    @Test func aViewCoveredByAPushDisappearsAndAppearsAgainOnThePopWithItsNodesKept() {
        let log = EventLog()
        let graph = mount(Lifecycle(log: log))
        #expect(log.events == ["root appeared"])
        let rootText = graph.counters(of: Text.self).alive

        graph.control(.navigationLink, "open")?.tap()
        graph.runPass()
        #expect(log.events == ["root appeared", "root disappeared", "detail appeared"])

        #expect(graph.popNavigation())
        graph.runPass()
        #expect(log.events == ["root appeared", "root disappeared", "detail appeared", "root appeared", "detail disappeared"])
        #expect(graph.counters(of: Text.self).alive == rootText, "the root's views lived on under the detail")
    }

    @Test func aViewDestroyedWhileCoveredDoesNotDisappearTwice() {
        let log = EventLog()
        struct Host: View {
            let gone: Flags
            let log: EventLog
            var body: some View { if !gone.flag { Lifecycle(log: log) } else { Text("gone") } }
        }
        let gone = Flags()
        let graph = mount(Host(gone: gone, log: log))
        graph.control(.navigationLink, "open")?.tap()
        graph.runPass()
        log.events.removeAll()
        gone.flag = true
        graph.runPass()
        #expect(log.events == ["detail disappeared"], "the root had already disappeared under the detail")
    }

    @Test func aLinkWithNoDestinationForItsValueDoesNothingAndSaysWhy() {
        let log = EventLog()
        let graph = mount(Lifecycle(log: log))
        graph.control(.navigationLink, "nowhere")?.tap()
        graph.runPass()
        #expect(graph.texts.first == "root", "nothing was pushed")
        #expect(graph.diagnostics.count(.navigationDestinationMissing) == 1)
        #expect(graph.diagnostics.entries.last?.message.contains("String") == true)
    }

    @Test func aLinkOutsideAnyNavigationStackSaysWhy() {
        let graph = mount(NavigationLink("alone", destination: Text("never")))
        graph.control(.navigationLink, "alone")?.tap()
        graph.runPass()
        #expect(graph.diagnostics.count(.navigationDestinationMissing) == 1)
    }
}
