import LoomCells
import LoomGraph
import LoomLayout
import Testing

/// SwiftUI's everyday views, drawn in cells: golden snapshots, and the rules of the controls.
@Suite("Everyday views")
struct EverydayViewTests {
    @Test func aLabelIsItsSymbolsCharacterThenItsTitle() {
        #expect(render(Label("Done", systemImage: "checkmark.circle.fill"), 10, 1) == "✓ Done")
        #expect(render(Label("Warning", systemImage: "exclamationmark.triangle"), 10, 1) == "⚠ Warning")
        #expect(render(Label("Plain", systemImage: "no.such.symbol"), 10, 1) == "Plain", "an unknown symbol takes no space")
        #expect(render(Label { Text("Custom") } icon: { Text("»") }, 10, 1) == "» Custom")
        #expect(render(HStack(spacing: 0) { Image(systemName: "star.fill"); Image(systemName: "arrow.up") }, 4, 1) == "★↑")
    }

    @Test func aProgressBarFillsInEighthsOfACellOverADimTrack() {
        #expect(markup(ProgressView(value: 0.5), 10, 1) == "█████{dim}░░░░░{}")
        #expect(markup(ProgressView(value: 0.55), 10, 1) == "█████▌{dim}░░░░{}")
        #expect(markup(ProgressView(value: 3, total: 4).frame(width: 8), 8, 1) == "██████{dim}░░{}")
        #expect(markup(ProgressView(value: 0.0), 4, 1) == "{dim}░░░░{}")
        #expect(markup(ProgressView(value: 2.0), 4, 1) == "████", "past the total is done")
        #expect(markup(ProgressView(value: Double.nan), 4, 1) == "{dim}░░░░{}", "NaN is nothing done")
        #expect(markup(ProgressView(value: 1.0, total: 0.0), 4, 1) == "{dim}░░░░{}", "a total of zero is nothing done")
    }

    @Test func aProgressViewHasItsLabelAboveAndIsIndeterminateWithoutAValue() {
        #expect(render(ProgressView("Copying", value: 0.25).frame(width: 8), 8, 2) == "Copying\n██░░░░░░")
        #expect(render(ProgressView(value: 0.5) { Text("Up") } currentValueLabel: { Text("50%") }.frame(width: 4), 4, 3) == "Up\n██░░\n50%")
        #expect(markup(ProgressView("Loading"), 12, 1) == "{dim}…{} Loading")
        #expect(markup(ProgressView(), 12, 1) == "{dim}…{}")
    }

    @Test func contentUnavailableIsATitleADimDescriptionAndActionsCentred() {
        let view = ContentUnavailableView("No jobs", systemImage: "tray", description: Text("Nothing queued."))
        #expect(markup(view, 20, 5) == "\n      {bold}No jobs{}\n\n  {fg=bright_black}Nothing queued.{}")
        let search = ContentUnavailableView.search(text: "db")
        #expect(render(search, 40, 3).contains("⌕ No Results for “db”"))
        let actions = ContentUnavailableView { Text("Offline") } actions: { Button("Retry") {} }
        #expect(render(actions, 10, 3) == " Offline\n\n  Retry")
    }

    @Test func aSectionInAListIsABoldHeaderItsRowsAndADimFooter() {
        let form = Form {
            Section {
                Text("a")
                Text("b")
            } header: {
                Text("Names")
            } footer: {
                Text("two")
            }
            Section("More") { Text("c") }
        }
        #expect(markup(form, 6, 20) == """
            {bold}Names{}
            {dim}──────{}
            a
            {dim}──────{}
            b
            {dim}──────{}
            {fg=bright_black}two{}
            {dim}──────{}
            {bold}More{}
            {dim}──────{}
            c
            """)
        #expect(render(VStack(spacing: 0) { Section { Text("only") } }, 6, 3) == "only", "no header or footer, no rows for them")
    }

    @Test func aStepperStepsItsValueWithinItsRangeFromTheKeys() {
        struct Quantity: View {
            @State var count = 8
            var body: some View {
                Stepper("Count: \(count)", value: $count, in: 0...10, step: 3)
            }
        }
        let host = ViewHost(Quantity(), width: 16, height: 1)
        host.runFrame()
        #expect(host.text == "Count: 8 [−+]")
        host.press(.tab)
        host.press(.right)
        host.runFrame()
        #expect(host.text == "Count: 10 [−+]", "a step past the end stops at it")
        host.press(.character("-"))
        host.press(.left)
        host.press(.left)
        host.runFrame()
        #expect(host.text == "Count: 1 [−+]")
        host.press(.character("−"))
        host.runFrame()
        #expect(host.text == "Count: 0 [−+]")
        host.press(.character("+"))
        host.runFrame()
        #expect(host.text == "Count: 3 [−+]")
    }

    @Test func aStepperNeverOverflowsItsValue() {
        var value = Int.max - 1
        let binding = Binding(get: { value }, set: { value = $0 })
        let host = ViewHost(Stepper("n", value: binding, step: 5), width: 10, height: 1)
        host.press(.tab)
        host.press(.right)
        #expect(value == Int.max)
        value = Int.min
        host.press(.left)
        #expect(value == Int.min)
        var level = 0.5
        let fraction = Binding(get: { level }, set: { level = $0 })
        let slider = ViewHost(Stepper("f", value: fraction, in: 0...1, step: 0.25), width: 10, height: 1)
        slider.press(.tab)
        slider.press(.right)
        slider.press(.right)
        slider.press(.right)
        #expect(level == 1)
    }

    @Test func aStepperWithActionsRunsThemOncePerStep() {
        var log: [String] = []
        let host = ViewHost(Stepper("n", onIncrement: { log.append("+") }, onDecrement: { log.append("-") }), width: 10, height: 1)
        host.press(.tab)
        host.press(.right)
        host.press(.left)
        host.press(.enter)
        #expect(log == ["+", "-"])
    }
}

private struct Job: Identifiable {
    let id: Int
    let name: String
    let status: String
}

@Suite("Table")
struct TableTests {
    private let jobs = [Job(id: 1, name: "backup", status: "ok"), Job(id: 2, name: "a very long job name", status: "failed")]

    @Test func columnsLineUpUnderTheirTitlesAndLongCellsAreCut() {
        let table = Table(jobs) {
            TableColumn("#") { (job: Job) in Text("\(job.id)") }.width(2)
            TableColumn("Name", value: \.name)
            TableColumn("Status", value: \.status).width(min: 6, max: 8)
        }
        #expect(render(table, 24, 6) == """
            #  Name         Status
            ────────────────────────
            1  backup       ok
            2  a very long… failed
            """)
        #expect(Snapshot.renderMarkup(table, width: 24, height: 1) == "{bold}#{}  {bold}Name{}         {bold}Status{}")
    }

    @Test func flexibleColumnsShareTheWidthEqually() {
        let table = Table(jobs) {
            TableColumn("Name", value: \.name)
            TableColumn("Status", value: \.status)
        }
        #expect(render(table, 21, 3).hasPrefix("Name       Status\n"))
    }

    @Test func rowsAreFocusableAndLazy() {
        let many = (0..<10_000).map { Job(id: $0, name: "job \($0)", status: "ok") }
        let host = ViewHost(Table(many) { TableColumn("Name", value: \.name) }, width: 10, height: 5)
        host.runFrame()
        #expect(host.bodies < 100, "only the rows in view (and a few more) are built, of 10,000")
        host.press(.down)
        host.press(.down)
        host.runFrame()
        #expect(host.markup.contains("{inverse}job 1     {}"))
    }
}

@Suite("TabView")
struct TabViewTests {
    private final class Events {
        var log: [String] = []
    }

    private struct Tabs: View {
        let events: Events
        @State private var count = 0

        var body: some View {
            TabView {
                Button("count \(count)") { count += 1 }
                    .onAppear { events.log.append("jobs appeared") }
                    .onDisappear { events.log.append("jobs disappeared") }
                    .tabItem { Label("Jobs", systemImage: "list.bullet") }
                Text("all hosts up")
                    .onAppear { events.log.append("hosts appeared") }
                    .tabItem { Text("Hosts") }
            }
        }
    }

    @Test func theBarShowsEveryLabelAndTheFirstTabShowsBelow() {
        let host = ViewHost(Tabs(events: Events()), width: 20, height: 4)
        host.runFrame()
        #expect(host.text == "≡ Jobs  Hosts\n────────────────────\ncount 0\n")
        #expect(host.markup.hasPrefix("{bold underline}≡{} {bold underline}Jobs{}  Hosts\n"), "the tab that shows is bold and underlined")
    }

    @Test func activatingALabelShowsItsTabAndKeepsTheOthersState() {
        let events = Events()
        let host = ViewHost(Tabs(events: events), width: 20, height: 4)
        host.runFrame()
        #expect(events.log == ["jobs appeared"], "a tab is built when it first shows")
        host.press(.tab)        // the Jobs label
        host.press(.tab)        // the Hosts label
        host.press(.tab)        // the button
        host.press(.enter)
        host.runFrame()
        #expect(host.text.contains("count 1"))
        host.press(.backTab)    // the Hosts label
        host.press(.enter)
        host.runFrame()
        #expect(host.text.contains("all hosts up"))
        #expect(!host.text.contains("count"))
        #expect(host.markup.contains("{bold underline inverse}Hosts{}"), "shown, and focused")
        #expect(events.log == ["jobs appeared", "jobs disappeared", "hosts appeared"])
        host.press(.backTab)    // the Jobs label
        host.press(.enter)
        host.runFrame()
        #expect(host.text.contains("count 1"), "the first tab kept its state")
        #expect(events.log.last == "jobs appeared")
    }

    @Test func anObserverChoosesTabsAsItFollowsLinksWhileItsButtonsStayInert() {
        let renderer = SceneRenderer(graph: ViewGraph(Tabs(events: Events())))
        let viewport = renderer.addViewport(size: Size(width: 20, height: 4))
        viewport.isReadOnly = true
        _ = renderer.render()
        #expect(renderer.styles[viewport.grid[0, 0].style].attributes.contains(.dim) == false, "a tab label is not drawn inert")
        viewport.handle(.tab, in: renderer.graph)
        viewport.handle(.tab, in: renderer.graph)
        #expect(viewport.acts(.enter, in: renderer.graph), "choosing a tab is the window's own (its graph becomes its own)")
        viewport.handle(.enter, in: renderer.graph)
        _ = renderer.render()
        #expect(viewport.screen.contains("all hosts up"))
    }

    @Test func aSelectionBindingChoosesTheTabByItsTagBothWays() {
        final class Choice { var tab = "b" }
        let choice = Choice()
        let selection = Binding(get: { choice.tab }, set: { choice.tab = $0 })
        let host = ViewHost(TabView(selection: selection) {
            Text("first").tabItem { Text("A") }.tag("a")
            Text("second").tabItem { Text("B") }.tag("b")
        }, width: 10, height: 3)
        host.runFrame()
        #expect(host.text.contains("second"))
        host.press(.tab)
        host.press(.enter)
        host.runFrame()
        #expect(choice.tab == "a")
        #expect(host.text.contains("first"))
    }
}

@Suite("Grid")
struct GridTests {
    @Test func cellsLineUpInColumnsAsWideAsTheirWidestCell() {
        let grid = Grid(alignment: .leading) {
            GridRow { Text("host"); Text("load"); Text("state") }
            Divider()
            GridRow { Text("web-01"); Text("0.4"); Text("ok") }
            GridRow { Text("db"); Text("12.75"); Text("degraded") }
        }
        #expect(render(grid, 30, 5) == """
            host   load  state
            ─────────────────────
            web-01 0.4   ok
            db     12.75 degraded
            """)
    }

    @Test func alignmentAndSpacingAreTheGridsAndARowsVerticalAlignmentWins() {
        let grid = Grid(alignment: .trailing, horizontalSpacing: 2, verticalSpacing: 1) {
            GridRow { Text("a"); Text("bbb") }
            GridRow(alignment: .top) { Text("cc\ncc"); Text("d") }
        }
        #expect(render(grid, 10, 5) == " a  bbb\n\ncc    d\ncc")
    }

    @Test func offeredTooLittleTheLastColumnsGetWhatIsLeft() {
        let grid = Grid(alignment: .topLeading) {
            GridRow { Text("name"); Text("a long description") }
        }
        #expect(render(grid, 12, 3) == "name a long\n     descrip\n     tion")
    }

    @Test func aSpanningViewWidensTheGridWithinTheWidthOfferedAndIsMeasuredAsPlaced() {
        let grid = Grid(alignment: .leading) {
            Text("a heading wider than the columns")
            GridRow { Text("a"); Text("b") }
        }
        #expect(render(grid, 40, 3) == "a heading wider than the columns\na b")
        #expect(render(grid, 12, 5) == "a heading\nwider than\nthe columns\na b", "wrapped at the width offered, its rows all its own")
    }

    @Test func aGridRowOutsideAGridIsARow() {
        #expect(render(GridRow { Text("a"); Text("b") }, 5, 1) == "a b")
    }
}
