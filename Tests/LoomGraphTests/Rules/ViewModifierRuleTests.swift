import LoomGraph
import Testing

// A `ViewModifier` of your own: `body(content:)` under the same rules as a view's body.

/// A modifier with state of its own: a button beside the content counting its taps; `tally`
/// counts evaluations of its body.
private struct Tapped: ViewModifier {
    let label: String
    let tally: Tally
    @State private var taps = 0

    func body(content: Content) -> some View {
        tally.tick()
        return HStack {
            content
            Button("\(label) \(taps)") { taps += 1 }
        }
    }
}

private struct ModifiedRoot: View {
    let tally: Tally
    @State private var outer = 0
    @State private var title = "a"

    var body: some View {
        VStack {
            Text(title).modifier(Tapped(label: "tap", tally: tally))
            Text("outer \(outer)")
            Button("outer") { outer += 1 }
            Button("title") { title = "b" }
        }
    }
}

@Suite("Rule: a modifier's body is evaluated as a view's")
struct ViewModifierRuleTests {
    @Test func aModifiersStateIsItsOwnAndItsChangeEvaluatesOnlyTheModifiersBody() {
        let tally = Tally()
        let graph = mount(ModifiedRoot(tally: tally))
        #expect(graph.texts.contains("a") && graph.texts.contains("tap 0"))
        #expect(tally.count == 1)
        graph.afterPass { graph.tap("tap 0") }
        #expect(graph.texts.contains("tap 1"))
        #expect(tally.count == 2)
        #expect(graph.bodies(ModifiedRoot.self) == 0, "the modifier's state is not its parent's")
    }

    @Test func aModifierWhoseValueAndContentAreUnchangedIsSkipped() {
        let tally = Tally()
        let graph = mount(ModifiedRoot(tally: tally))
        graph.afterPass { graph.tap("outer") }
        #expect(graph.texts.contains("outer 1"))
        #expect(graph.bodies(ModifiedRoot.self) == 1)
        #expect(tally.count == 1, "the parent ran again; the modifier and its content are equal")
    }

    @Test func aChangedContentEvaluatesTheModifiersBodyAndKeepsItsState() {
        let tally = Tally()
        let graph = mount(ModifiedRoot(tally: tally))
        graph.afterPass { graph.tap("tap 0") }
        graph.afterPass { graph.tap("title") }
        #expect(graph.texts.contains("b") && graph.texts.contains("tap 1"), "\(graph.texts)")
        #expect(tally.count == 3)
    }
}
