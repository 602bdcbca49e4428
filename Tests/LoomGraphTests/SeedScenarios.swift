import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// Each seed article's examples, ported to Loom views, with the exact counts the issue asks for.

/// The seed articles' scenarios (docs/scenes.md, "The seed scenes"), one nested suite per article.
@Suite struct SeedScenarios {}

// MARK: - Seed 000: eager vs lazy stacks, navigation destinations

private struct StoreInfoHeader: View {
    let name: String
    let bodies: Tally

    init(name: String, inits: Tally, bodies: Tally) {
        self.name = name
        self.bodies = bodies
        inits.tick()
    }

    var body: some View {
        bodies.tick()
        return VStack { Text(name) }
    }
}

private enum Container { case vStack, lazyVStack, list }

private struct StoreList: View {
    let container: Container
    let count: Int
    let inits: Tally
    let bodies: Tally

    var body: some View {
        switch container {
        case .vStack:
            ScrollView { VStack { rows } }
        case .lazyVStack:
            ScrollView { LazyVStack { rows } }
        case .list:
            List(0..<count, id: \.self) { row($0) }
        }
    }

    private var rows: some View {
        ForEach(0..<count, id: \.self) { row($0) }
    }

    private func row(_ index: Int) -> some View {
        VStack {
            StoreInfoHeader(name: "store \(index)", inits: inits, bodies: bodies).padding()
            Divider().foregroundColor(.gray)
        }
    }
}

/// Rows built by a `some View` function, counted per call (the seed's `storeInfoHeaderView(...)`).
private struct FunctionRows: View {
    let lazy: Bool
    let calls: Tally

    var body: some View {
        if lazy {
            ScrollView { LazyVStack { ForEach(0..<1_000) { header($0) } } }
        } else {
            ScrollView { VStack { ForEach(0..<1_000) { header($0) } } }
        }
    }

    private func header(_ index: Int) -> some View {
        calls.tick()
        return VStack { Text("store \(index)") }
    }
}

/// The seed's `NavigationLazyView`: an autoclosure stored, called in `body`.
struct NavigationLazyView<Content: View>: View {
    let build: () -> Content
    let inits: Tally?

    init(_ build: @autoclosure @escaping () -> Content, inits: Tally? = nil) {
        self.build = build
        self.inits = inits
        inits?.tick()
    }

    var body: Content { build() }
}

private struct LinkRows: View {
    let lazyStack: Bool
    let wrapped: Bool
    let inits: Tally
    let bodies: Tally
    let wrapperInits: Tally

    var body: some View {
        NavigationStack {
            ScrollView {
                if lazyStack {
                    LazyVStack { links }
                } else {
                    VStack { links }
                }
            }
        }
    }

    @ViewBuilder private var links: some View {
        ForEach(0..<1_000) { index in
            if wrapped {
                NavigationLink(destination: NavigationLazyView(
                    StoreInfoHeader(name: "detail \(index)", inits: inits, bodies: bodies), inits: wrapperInits)) {
                    Text("store \(index)")
                }
            } else {
                NavigationLink(destination: StoreInfoHeader(name: "detail \(index)", inits: inits, bodies: bodies)) {
                    Text("store \(index)")
                }
            }
        }
    }
}

extension SeedScenarios {
@Suite("seed 000 (eager vs lazy, navigation)")
struct Seed000 {
    @Test func aVStackOfAForEachInitialisesAndEvaluatesEveryRow() {
        let inits = Tally(), bodies = Tally()
        let graph = mount(StoreList(container: .vStack, count: 1_000, inits: inits, bodies: bodies))
        #expect(inits.count == 1_000)
        #expect(bodies.count == 1_000)
        #expect(graph.bodies(StoreInfoHeader.self) == 1_000)
    }

    @Test(arguments: [1_000, 1_000_000])
    func lazyVStackEvaluatesOnlyVisibleRowsWhateverTheLength(count: Int) {
        let inits = Tally(), bodies = Tally()
        _ = mount(StoreList(container: .lazyVStack, count: count, inits: inits, bodies: bodies), window: LazyWindow(visibleRows: 20))
        #expect(bodies.count == 20 + LazyWindow.overscan)
        #expect(inits.count == 20 + LazyWindow.overscan)
    }

    @Test(arguments: [1_000, 1_000_000])
    func listEvaluatesOnlyVisibleRowsWhateverTheLength(count: Int) {
        let inits = Tally(), bodies = Tally()
        _ = mount(StoreList(container: .list, count: count, inits: inits, bodies: bodies), window: LazyWindow(visibleRows: 20))
        #expect(bodies.count == 20 + LazyWindow.overscan)
        #expect(inits.count == 20 + LazyWindow.overscan)
    }

    @Test func rowsBuiltByAFunctionFollowTheContainerAroundThem() {
        let eager = Tally(), lazy = Tally()
        _ = mount(FunctionRows(lazy: false, calls: eager))
        _ = mount(FunctionRows(lazy: true, calls: lazy), window: LazyWindow(visibleRows: 20))
        #expect(eager.count == 1_000)
        #expect(lazy.count == 20 + LazyWindow.overscan)
    }

    @Test func destinationLinksInAVStackInitialiseEveryDestinationAndEvaluateNone() {
        let inits = Tally(), bodies = Tally(), wrappers = Tally()
        _ = mount(LinkRows(lazyStack: false, wrapped: false, inits: inits, bodies: bodies, wrapperInits: wrappers))
        #expect(inits.count == 1_000)
        #expect(bodies.count == 0)
    }

    @Test func aNavigationLazyViewDefersTheDestinationUntilPushed() {
        let inits = Tally(), bodies = Tally(), wrappers = Tally()
        let graph = mount(LinkRows(lazyStack: false, wrapped: true, inits: inits, bodies: bodies, wrapperInits: wrappers))
        #expect(wrappers.count == 1_000)
        #expect(inits.count == 0)
        #expect(bodies.count == 0)

        graph.control(.navigationLink, "store 7")?.tap()
        graph.runPass()
        #expect(inits.count == 1)
        #expect(bodies.count == 1)
        #expect(graph.texts == ["detail 7"])
    }

    @Test func theWrapperInALazyVStackIsInitialisedOnlyForVisibleRows() {
        let inits = Tally(), bodies = Tally(), wrappers = Tally()
        _ = mount(LinkRows(lazyStack: true, wrapped: true, inits: inits, bodies: bodies, wrapperInits: wrappers),
                  window: LazyWindow(visibleRows: 20))
        #expect(wrappers.count == 20 + LazyWindow.overscan)
        #expect(inits.count == 0)
    }
}
}

// MARK: - Seed 001: the like list

/// The pitfall, as the seed writes it: an eager stack of cells that each observe the view model
/// (the cells are the `seeds/likes-observed` scene's).
private struct ObservingList: View {
    @ObservedObject var vm: LikesModel

    var body: some View {
        ScrollView { VStack { ForEach(vm.items) { ObservingCell(item: $0, vm: vm) } } }
    }
}

/// The fix: value cells, Equatable on the value (the `seeds/likes` scene's).
private struct ValueList: View {
    @ObservedObject var vm: LikesModel

    var body: some View {
        ScrollView { VStack { ForEach(vm.items) { item in ValueCell(item: item) { vm.toggleLike(id: item.id) } } } }
    }
}

/// The better default: `@Observable` rows, tracked per property.
@Observable
final class ObservableLike: Identifiable {
    let id: Int
    var name: String
    var isLiked = false

    init(id: Int) {
        self.id = id
        self.name = "item \(id)"
    }
}

@Observable
final class ObservableLikes {
    var items: [ObservableLike]

    init(count: Int) {
        items = (0..<count).map(ObservableLike.init)
    }
}

private struct ObservableCell: View {
    let item: ObservableLike
    var body: some View {
        HStack {
            Text(item.name)
            Spacer()
            Button(item.isLiked ? "♥ \(item.id)" : "♡ \(item.id)") { item.isLiked.toggle() }
        }
    }
}

private struct ObservableList: View {
    let model: ObservableLikes
    var body: some View {
        ScrollView { VStack { ForEach(model.items) { ObservableCell(item: $0) } } }
    }
}

extension SeedScenarios {
@Suite("seed 001 (the like list)")
struct Seed001 {
    @Test func thePitfallEveryObservingCellIsEvaluatedForOneLike() {
        let vm = LikesModel(count: 1_000)
        let graph = mount(ObservingList(vm: vm))
        graph.afterPass { vm.toggleLike(id: 42) }
        #expect(graph.bodies(ObservingCell.self) == 1_000)
        #expect(graph.texts.contains("♥ 42"))
    }

    @Test func theFixValueCellsEquatableOnTheValueEvaluateOneCell() {
        let vm = LikesModel(count: 1_000)
        let graph = mount(ValueList(vm: vm))
        graph.afterPass { graph.tap("♡ 42") }
        #expect(graph.bodies(ValueCell.self) == 1)
        #expect(graph.bodies(ValueList.self) == 1)
        #expect(graph.texts.contains("♥ 42"))
    }

    @Test func observableRowsEvaluateOneCellAndNoList() {
        let model = ObservableLikes(count: 1_000)
        let graph = mount(ObservableList(model: model))
        graph.afterPass { model.items[42].isLiked.toggle() }
        #expect(graph.bodies(ObservableCell.self) == 1)
        #expect(graph.bodies(ObservableList.self) == 0)
        #expect(graph.texts.contains("♥ 42"))
    }
}
}

// MARK: - Seed 003: content stored vs escaping closure

extension SeedScenarios {
@Suite("seed 003 (escaping closures)")
struct Seed003 {
    @Test func storedContentIsSkippedOnAnUnrelatedChange() {
        let graph = mount(CollapsableCounter(storesClosure: false))
        graph.afterPass { graph.tap("Unrelated 0") }
        #expect(graph.bodies(CollapsableCounter.self) == 1)
        #expect(graph.bodies(ContentCollapsable<Text>.self) == 0)
    }

    @Test func aStoredClosureIsReevaluatedOnAnUnrelatedChange() {
        let graph = mount(CollapsableCounter(storesClosure: true))
        graph.afterPass { graph.tap("Unrelated 0") }
        #expect(graph.bodies(CollapsableCounter.self) == 1)
        #expect(graph.bodies(ClosureCollapsable<Text>.self) == 1)
    }

    @Test(arguments: [1, 2])
    func noStaleValueAfterIncrementingWhileCollapsed(approach: Int) {
        let graph = mount(CollapsableCounter(storesClosure: approach == 2))
        for _ in 0..<3 {
            graph.tap("Increase")
            graph.runPass()
        }
        graph.tap("open")
        graph.runPass()
        #expect(graph.texts.contains("Value: 3"))
    }
}
}

// MARK: - Seed 004: pickers

extension SeedScenarios {
@Suite("seed 004 (pickers)")
struct Seed004 {
    private func pickers(_ graph: ViewGraph) -> [Primitive] {
        var found: [Primitive] = []
        var stack = graph.primitiveTrees()
        while let tree = stack.popLast() {
            if case .picker = tree.primitive { found.insert(tree.primitive, at: 0) }
            stack.append(contentsOf: tree.children)
        }
        return found
    }

    @Test(arguments: [false, true])
    func changingSecondsEvaluatesOnlyTheSecondsPickerAndKeepsTheMinutesHighlight(modular: Bool) {
        let graph = modular ? mount(ModularTimePickers()) : mount(TimePickers())
        let minutes = graph.controls().first { $0.kind == .picker && ($0.label == "minutes" || $0.label == "m") }
        let seconds = graph.controls().first { $0.kind == .picker && ($0.label == "seconds" || $0.label == "s") }
        minutes?.perform(.moveHighlight(by: 14))
        seconds?.perform(.moveHighlight(by: 30))

        graph.afterPass { seconds?.perform(.activate) }

        #expect(graph.updates(Picker<Text, Int, ForEach<ClosedRange<Int>, Int, Text>>.self) == 1, "only the seconds picker")
        #expect(graph.bodies(TimePickers.self) == 0)
        #expect(graph.bodies(ModularTimePickers.self) == 0)
        #expect(graph.bodies(UnitPicker.self) == 0)
        #expect(pickers(graph) == [
            .picker(selected: 0, highlighted: nil),
            .picker(selected: 0, highlighted: 14),
            .picker(selected: 30, highlighted: nil),
        ])
    }
}
}

// MARK: - Environment (seeds 001 and 004): a grandchild updates, the child between does not

private struct ThemeKey: EnvironmentKey {
    static let defaultValue = "plain"
}

extension EnvironmentValues {
    fileprivate var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

final class Session: ObservableObject {
    @Published var user = "ada"
}

private struct EnvironmentScenario: View {
    let session: Session
    @State private var theme = "plain"

    var body: some View {
        VStack {
            ChildBetween()
            Button("dark") { theme = "dark" }
        }
        .environment(\.theme, theme)
        .environmentObject(session)
    }
}

private struct ChildBetween: View {
    var body: some View {
        VStack {
            Text("child")
            ThemedGrandchild()
            KeyedGrandchild()
            SessionGrandchild()
        }
    }
}

private struct ThemedGrandchild: View {
    @Environment(\.theme) private var theme
    var body: some View { Text("theme \(theme)") }
}

/// Reads the key's slot straight, as the framework's own readers do (`@StoreValue`).
private struct KeyedGrandchild: View {
    @Environment(ThemeKey.self) private var theme
    var body: some View { Text("keyed \(theme)") }
}

private struct SessionGrandchild: View {
    @EnvironmentObject private var session: Session
    var body: some View { Text("user \(session.user)") }
}

extension SeedScenarios {
@Suite("environment")
struct SeedEnvironment {
    @Test func aGrandchildReadingAnEnvironmentKeyUpdatesWithoutTheChildBetween() {
        let graph = mount(EnvironmentScenario(session: Session()))
        graph.afterPass { graph.tap("dark") }
        #expect(graph.bodies(ThemedGrandchild.self) == 1)
        #expect(graph.bodies(ChildBetween.self) == 0)
        #expect(graph.bodies(SessionGrandchild.self) == 0)
        #expect(graph.texts.contains("theme dark"))
    }

    @Test func aKeyReadFromItsSlotIsTheKeyPathsValueDefaultAndDependency() {
        let graph = mount(EnvironmentScenario(session: Session()))
        #expect(graph.texts.contains("keyed plain"))
        graph.afterPass { graph.tap("dark") }
        #expect(graph.bodies(KeyedGrandchild.self) == 1)
        #expect(graph.bodies(ChildBetween.self) == 0)
        #expect(graph.texts.contains("keyed dark"))
        #expect(mount(KeyedGrandchild()).texts == ["keyed plain"], "no writer: the key's default")
    }

    @Test func anEnvironmentObjectGrandchildUpdatesWithoutTheChildBetween() {
        let session = Session()
        let graph = mount(EnvironmentScenario(session: session))
        graph.afterPass { session.user = "grace" }
        #expect(graph.bodies(SessionGrandchild.self) == 1)
        #expect(graph.bodies(ChildBetween.self) == 0)
        #expect(graph.bodies(EnvironmentScenario.self) == 0)
        #expect(graph.texts.contains("user grace"))
    }
}
}
