import LoomGraph
import Observation
import Testing

// A viewer that acts while it shares a graph gets a copy of it (docs/architecture.md, "Where
// state lives"): the copy starts with the view state of the source, node for node by identity,
// and from then on each has its own.

private final class Owned: ObservableObject {
    @Published var value = 0
    init(made: Tally) { made.tick() }
}

private struct Rows: View {
    let model: Flags
    let made: Tally
    @State private var title = "start"
    @StateObject private var owned: Owned

    init(model: Flags, made: Tally) {
        self.model = model
        self.made = made
        _owned = StateObject(wrappedValue: Owned(made: made))
    }

    var body: some View {
        VStack {
            Text("title \(title) owned \(owned.value)")
            Button("retitle") { title = "changed" }
            Button("own") { owned.value += 1 }
            ForEach(model.order, id: \.self) { TapRow(id: $0) }
        }
    }
}

@Suite("A graph copied for a viewer that acts")
struct StateCopyRuleTests {
    @Test func aCopyStartsWithTheSourcesStateByIdentityAndThenEachHasItsOwn() {
        let model = Flags()
        model.order = [1, 2, 3]
        let made = Tally()
        let source = mount(Rows(model: model, made: made))
        source.afterPass { source.tap("retitle") }
        source.afterPass { source.tap("tap 2") }
        source.afterPass { source.tap("tap 2") }
        source.afterPass { source.tap("own") }
        #expect(source.texts == ["title changed owned 1", "retitle", "own", "1:0", "tap 1", "2:2", "tap 2", "3:0", "tap 3"])
        #expect(made.count == 1)

        let copy = ViewGraph(Rows(model: model, made: made), copyingStateOf: source)
        copy.runPass()
        let copies = copy.endCopyingState()
        // `@State` values come along, a row's by its id; a `@StateObject` is made anew, as for a new window.
        #expect(copy.texts == ["title changed owned 0", "retitle", "own", "1:0", "tap 1", "2:2", "tap 2", "3:0", "tap 3"])
        #expect(made.count == 2)
        #expect(copies.count == source.liveNodes, "every node has its copy")

        copy.afterPass { copy.tap("tap 3") }
        source.afterPass { source.tap("tap 1") }
        #expect(copy.texts.filter { $0.contains(":") } == ["1:0", "2:2", "3:1"])
        #expect(source.texts.filter { $0.contains(":") } == ["1:1", "2:2", "3:0"])
    }

    @Test func rowsBuiltAfterTheCopyEndedStartAnew() {
        let model = Flags()
        model.order = [1]
        let made = Tally()
        let source = mount(Rows(model: model, made: made))
        source.afterPass { source.tap("tap 1") }
        let copy = ViewGraph(Rows(model: model, made: made), copyingStateOf: source)
        copy.runPass()
        copy.endCopyingState()
        // A row the source has but the copy builds only now: a new identity in the copy.
        source.afterPass { model.order = [2, 1] }
        source.afterPass { source.tap("tap 2") }
        copy.runPass()
        #expect(copy.texts.filter { $0.contains(":") } == ["2:0", "1:1"])
    }

    @Test func aCopyOfAReorderedListMatchesRowsByIDNotPosition() {
        let model = Flags()
        model.order = [1, 2, 3]
        let source = mount(Rows(model: model, made: Tally()))
        source.afterPass { source.tap("tap 3") }
        source.afterPass { model.order = [3, 1, 2] }
        let copy = ViewGraph(Rows(model: model, made: Tally()), copyingStateOf: source)
        copy.runPass()
        copy.endCopyingState()
        #expect(copy.texts.filter { $0.contains(":") } == ["3:1", "1:0", "2:0"])
    }
}
