import LoomGraph
import Observation
import Testing

// @ViewBuilder structures, primitives and modifiers as the primitive tree shows them.

private enum Mode { case list, grid, empty }

private struct Structures: View {
    let model: Flags
    let mode: Mode
    let name: String?

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text("one"); Text("two"); Text("three"); Text("four"); Text("five"); Text("six")
            Text("seven"); Text("eight"); Text("nine"); Text("ten"); Text("eleven"); Text("twelve")
            if let name { Text("hello \(name)") }
            switch mode {
            case .list: Text("list")
            case .grid: Text("grid")
            case .empty: EmptyView()
            }
            if model.flag { Spacer(minLength: 2) }
        }
    }
}

private struct Styled: View {
    var body: some View {
        HStack {
            Text("a").bold().foregroundColor(.red)
            Divider()
            Text("b").padding(.horizontal, 2).border(.blue)
        }
        .frame(width: 20, height: 3, alignment: .topLeading)
        .background(.palette(236))
    }
}

@Suite("View structures")
struct ViewStructureTests {
    @Test func builderBlocksTakeAnyNumberOfChildrenOptionalsAndSwitches() {
        let model = Flags()
        let graph = mount(Structures(model: model, mode: .grid, name: "loom"))
        #expect(graph.texts == ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "hello loom", "grid"])
        graph.afterPass { model.flag = true }
        #expect(graph.primitiveTrees().first?.children.last == PrimitiveTree(primitive: .spacer(minLength: 2), children: []))
        #expect(graph.bodies(Structures.self) == 1)
    }

    /// SwiftUI's `TupleView(_ value: T)`: each element that is a view is a child, in order
    /// (with its own identity: a changed element updates alone); one that is not shows nothing,
    /// and a view that is not a tuple is the only child.
    @Test func aTupleViewShowsTheViewsAmongItsElements() {
        let graph = mount(VStack { TupleView((Text("a"), 3, Text("b"), EmptyView(), Text("c"))) })
        #expect(graph.texts == ["a", "b", "c"])
        #expect(mount(TupleView(Text("alone"))).texts == ["alone"])
        #expect(mount(TupleView((1, "two"))).texts.isEmpty)
    }

    @Test func primitivesAndModifiersAppearInThePrimitiveTreeInOrder() {
        let graph = mount(Styled())
        #expect(graph.primitiveTrees().map(\.description) == ["""
            background(LoomCells.Color.palette(236))
              frame(LoomGraph.FrameSpec(minWidth: Optional(20), idealWidth: Optional(20), maxWidth: Optional(20), minHeight: Optional(3), idealHeight: Optional(3), maxHeight: Optional(3), alignment: LoomGraph.Alignment(horizontal: LoomGraph.HorizontalAlignment.leading, vertical: LoomGraph.VerticalAlignment.top)))
                hStack(alignment: LoomGraph.VerticalAlignment.center, spacing: nil, lazy: false)
                  styledText(LoomGraph.StyledText(runs: [LoomGraph.StyledText.Run(string: "a", attributes: LoomCells.TextStyle(rawValue: 1), foreground: Optional(Optional(LoomCells.Color.named(LoomCells.Color.Named.red))))]))
                  divider
                  border(LoomCells.Color.named(LoomCells.Color.Named.blue), width: 1)
                    padding(LoomGraph.EdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 2))
                      text("b")
            """])
    }
}

// MARK: - Bindings, toggles, custom dynamic properties

private struct Profile: Equatable {
    var name = "ada"
    var notify = false
}

private struct ProfileEditor: View {
    @State private var profile = Profile()

    var body: some View {
        VStack {
            Text("name \(profile.name)")
            NotifyToggle(isOn: $profile.notify)
            Button("rename") { profile.name = "grace" }
        }
    }
}

private struct NotifyToggle: View {
    @Binding var isOn: Bool
    var body: some View { Toggle("notify", isOn: $isOn) }
}

/// A custom dynamic property combining a framework one; `update()` runs before each body.
private struct Clicks: DynamicProperty {
    @State var count = 0
    var updates = 0
    mutating func update() { updates += 1 }
}

private struct UsesClicks: View {
    var clicks = Clicks()
    var body: some View {
        VStack {
            Text("clicks \(clicks.count) updated \(clicks.updates)")
            Button("click") { clicks.count += 1 }
        }
    }
}

@Suite("Bindings and dynamic properties")
struct BindingTests {
    @Test func aProjectedBindingIsAStableInputAndWritesThroughToTheState() {
        let graph = mount(ProfileEditor())
        graph.afterPass { graph.tap("rename") }
        #expect(graph.bodies(ProfileEditor.self) == 1)
        #expect(graph.bodies(NotifyToggle.self) == 0, "$profile.notify is the same binding as before")

        graph.afterPass { graph.control(.toggle, "notify")?.tap() }
        #expect(graph.primitiveTrees().first?.children.contains { $0.primitive == .toggle(isOn: true) } == true)
        #expect(graph.updates(Toggle<Text>.self) == 1)
    }

    @Test func aCustomDynamicPropertyInstallsItsStateAndIsUpdatedBeforeEachBody() {
        let graph = mount(UsesClicks())
        #expect(graph.texts.first == "clicks 0 updated 1")
        graph.afterPass { graph.tap("click") }
        #expect(graph.texts.first == "clicks 1 updated 2", "as in SwiftUI, the node keeps its copy until the parent sends a new value")
        #expect(graph.bodies(UsesClicks.self) == 1)
    }
}

// MARK: - Lifetime

private struct Nested: View {
    let depth: Int
    var body: some View {
        if depth > 0 {
            Nested(depth: depth - 1)
        } else {
            Text("leaf")
        }
    }
}

private struct Toggleable: View {
    let model: Flags
    var body: some View {
        if model.flag { Nested(depth: 20_000) } else { Text("short") }
    }
}

private final class Counter: ObservableObject {
    @Published var value = 0
}

private struct ObservesCounter: View {
    @ObservedObject var counter: Counter
    var body: some View { Text("\(counter.value)") }
}

@Suite("Graph lifetime")
struct LifetimeTests {
    @Test func aTreeAsDeepAsTheUsersDataIsBuiltShownAndDestroyedWithoutRecursion() {
        let model = Flags()
        let graph = mount(Toggleable(model: model))
        graph.afterPass { model.flag = true }
        #expect(graph.texts == ["leaf"])
        #expect(graph.bodies(Nested.self) == 20_001)
        graph.afterPass { model.flag = false }
        #expect(graph.texts == ["short"])
        #expect(graph.counters(of: Nested.self).alive == 0)
        graph.afterPass { model.flag = true }
        // Released here with 20,001 levels alive.
    }

    /// What may still hold a node that left the graph (a viewer behind keeps the boxes of its
    /// last screen) cannot reach its parent, which may be gone, nor make it act.
    @Test func aNodeThatLeftTheGraphHasNoParentAndPerformsNothing() {
        let model = Flags()
        let graph = mount(CountingButton(model: model))
        let button = graph.control(.button, "count")!.node
        graph.afterPass { model.flag = true }
        #expect(graph.control(.button, "count") == nil, "the button left the graph")
        #expect(!button.isAlive && button.parent == nil)
        button.perform(.activate)
        #expect(model.number == 0, "a button that left performs nothing")
    }

    @Test func aModelThatOutlivesItsGraphReachesNoFreedNode() {
        let counter = Counter()
        var graph: ViewGraph? = mount(ObservesCounter(counter: counter))
        #expect(graph?.texts == ["0"])
        graph = nil
        counter.value = 1
        #expect(graph == nil)
    }
}

/// A button that counts into `model.number`, shown while `model.flag` is false.
private struct CountingButton: View {
    let model: Flags
    var body: some View {
        VStack {
            if !model.flag { Button("count") { model.number += 1 } }
            Text("\(model.number)")
        }
    }
}

// MARK: - Lazy rows leaving the window

@Observable
private final class Cell: Identifiable {
    let id: Int
    var value = 0
    init(id: Int) { self.id = id }
}

private struct BigList: View {
    let cells: [Cell]
    var body: some View {
        List(cells) { CellRow(cell: $0) }
    }
}

private struct CellRow: View {
    let cell: Cell
    var body: some View { Text("\(cell.id)=\(cell.value)") }
}

@Suite("Lazy rows")
struct LazyRowTests {
    @Test func rowsScrolledOutAreReleasedAndTheirStateDropped() {
        let graph = mount(ScrollView { LazyVStack { ForEach(0..<10_000) { TapRow(id: $0) } } }, window: LazyWindow(visibleRows: 10))
        graph.tap("tap 3")
        graph.runPass()
        #expect(graph.texts.contains("3:1"))
        graph.lazyWindow = LazyWindow(firstVisibleRow: 5_000, visibleRows: 10)
        graph.runPass()
        #expect(graph.counters(of: TapRow.self).alive == 10 + LazyWindow.overscan)
        graph.lazyWindow = LazyWindow(firstVisibleRow: 0, visibleRows: 10)
        graph.runPass()
        #expect(graph.texts.contains("3:0"), "documented: a released row's @State is dropped")
    }

    @Test func oneRowChangingInAMillionRowListDoesWorkOnlyForThatRow() {
        let cells = (0..<1_000_000).map(Cell.init)
        let graph = mount(BigList(cells: cells), window: LazyWindow(firstVisibleRow: 100, visibleRows: 50))
        graph.afterPass { cells[120].value = 7 }
        #expect(graph.bodies(CellRow.self) == 1)
        #expect(graph.bodies(BigList.self) == 0)
        #expect(graph.counters(of: Text.self).updates == 1, "one leaf changed; nothing else was visited")
        #expect(graph.texts.contains("120=7"))
    }
}
