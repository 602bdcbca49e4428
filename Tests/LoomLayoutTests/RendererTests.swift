import LoomCells
import LoomGraph
import LoomLayout
import Observation
import Testing

extension Viewport {
    /// The screen's lines without trailing spaces.
    var screen: [String] { grid.trimmedLines }
}

private struct Row: View {
    let index: Int
    var body: some View { Text("row \(index)") }
}

private struct BigList: View {
    let rows: Int
    var body: some View {
        ScrollView { LazyVStack(alignment: .leading) { ForEach(0..<rows) { Row(index: $0) } } }
    }
}

private struct BigSeparatedList: View {
    let rows: Int
    var body: some View { List(0..<rows, id: \.self) { Row(index: $0) } }
}

@Suite("Laziness at scale")
struct LazinessAtScaleTests {
    @Test func viewportsOfTheSameSizeAndScrollShareOneLayoutAndShowTheSameScreen() {
        let graph = ViewGraph(BigSeparatedList(rows: 1_000))
        let renderer = SceneRenderer(graph: graph)
        let twins = (0..<3).map { _ in renderer.addViewport(size: Size(width: 30, height: 10)) }
        let other = renderer.addViewport(size: Size(width: 50, height: 20))
        _ = renderer.render()
        let first = renderer.layoutCount
        _ = renderer.render()
        #expect(renderer.layoutCount - first == 2, "three viewers of one size, one of another: two layouts")
        #expect(twins.allSatisfy { $0.screen == twins[0].screen } && twins[0].screen.first == "row 0")
        #expect(other.screen.count == 20)

        // Scrolled apart, a viewport gets a layout of its own.
        _ = twins[2].handle(.wheel(lines: 5, row: 0, column: 0), in: renderer.graph)
        _ = renderer.render()
        let scrolled = renderer.layoutCount
        _ = renderer.render()
        #expect(renderer.layoutCount - scrolled == 3)
        #expect(twins[2].screen != twins[0].screen && twins[1].screen == twins[0].screen)
    }

    @Test func onlyTheChosenViewportsAreLaidOutAndTheOthersKeepTheirLayouts() {
        let graph = ViewGraph(BigSeparatedList(rows: 1_000))
        let renderer = SceneRenderer(graph: graph)
        let viewers = [renderer.addViewport(size: Size(width: 30, height: 10)), renderer.addViewport(size: Size(width: 50, height: 20))]
        _ = renderer.render()
        let shown = viewers.map(\.screen)

        // A snapshot's viewport is laid out alone, however many viewers the scene has.
        let snapshot = renderer.addViewport(size: Size(width: 40, height: 30))
        let before = renderer.layoutCount
        _ = renderer.render(only: [snapshot])
        #expect(renderer.layoutCount - before == 1, "one layout, the snapshot's")
        #expect(snapshot.screen.first == "row 0" && snapshot.screen.count == 30)
        renderer.removeViewport(snapshot)

        // The viewers kept their layouts: their next frame changes nothing on their screens.
        let frames = renderer.render()
        #expect(frames.allSatisfy { $0.operations.isEmpty })
        #expect(viewers.map(\.screen) == shown)
    }

    @Test func aMillionRowListInAFiftyRowViewportBuildsTheVisibleRowsPlusOverscan() {
        let (graph, _, viewport) = renderedOnce(BigList(rows: 1_000_000), width: 40, height: 50)
        #expect(graph.counters(of: Row.self).bodies <= 50 + LazyWindow.overscan)
        #expect(graph.counters(of: Row.self).alive <= 50 + LazyWindow.overscan)
        #expect(viewport.grid.lines.first?.hasPrefix("row 0") == true)
        #expect(viewport.grid.lines.last?.hasPrefix("row 49") == true)
    }

    @Test func scrollingByOneRowEvaluatesExactlyTheRowThatEntered() {
        let (graph, renderer, viewport) = renderedOnce(BigList(rows: 1_000_000), width: 40, height: 50)
        let scroller = graph.nodes(named: "ScrollView")[0]
        viewport.scroll(scroller, toRow: 1_000)
        _ = renderer.render()
        graph.resetWorkCounters()
        let appeared = graph.counters(of: Row.self).appears

        viewport.scroll(scroller, rows: 1)
        let frame = renderer.render()

        #expect(graph.counters(of: Row.self).bodies == 1)
        #expect(graph.counters(of: Row.self).appears == appeared + 1)
        #expect(graph.counters(of: Row.self).alive <= 50 + LazyWindow.overscan)
        #expect(viewport.grid.lines.first?.hasPrefix("row 1001") == true)
        #expect(frame[0].operations.contains { if case .scroll(_, _, _, _, rows: 1) = $0 { true } else { false } },
                "a one-row scroll is sent as one scroll operation")
        #expect(frame[0].operations.count == 2, "one scroll and the row that entered: \(frame[0].operations)")
    }

    @Test func aLazyHStackBuildsTheColumnsInViewAndFollowsHorizontalScrolling() {
        let (graph, renderer, viewport) = renderedOnce(ScrollView(.horizontal) { LazyHStack(spacing: 0) { ForEach(0..<100_000) { Text("\($0 % 10)") } } }, width: 20, height: 1)
        #expect(viewport.screen == ["01234567890123456789"])
        #expect(graph.counters(of: Text.self).alive <= 20 + LazyWindow.overscan)
        viewport.scroll(graph.nodes(named: "ScrollView")[0], rows: 0, columns: 50_003)
        _ = renderer.render()
        #expect(viewport.screen == ["34567890123456789012"])
        #expect(graph.counters(of: Text.self).alive <= 20 + LazyWindow.overscan)
    }

    @Test func aLoneViewportScrolledPastTheEndOfALazyListShowsItsLastRows() {
        let (graph, renderer, viewport) = renderedOnce(BigSeparatedList(rows: 1_000_000), width: 30, height: 5)
        let list = graph.nodes(named: "List")[0]
        viewport.scroll(list, toRow: 3_000_000)
        _ = renderer.render()
        #expect(viewport.screen.last == "row 999999", "\(viewport.screen)")
        #expect(viewport.scrollOffset(of: list) == 2 * 1_000_000 - 1 - 5, "clamped to the end of rows and separators")
        #expect(graph.counters(of: Row.self).alive <= 5 + LazyWindow.overscan)
    }

    @Test func distantViewersBuildTheirOwnRowsNotTheRowsBetween() {
        let graph = ViewGraph(BigSeparatedList(rows: 1_000_000))
        let renderer = SceneRenderer(graph: graph)
        let top = renderer.addViewport(size: Size(width: 30, height: 20))
        let far = renderer.addViewport(size: Size(width: 30, height: 20))
        _ = renderer.render()
        let list = graph.nodes(named: "List")[0]
        far.scroll(list, toRow: 3_000_000)        // rows and separators: the layout clamps to the end
        _ = renderer.render()
        _ = renderer.render()
        #expect(top.screen.first == "row 0")
        #expect(far.screen.contains("row 999999"))
        #expect(graph.counters(of: Row.self).alive < 2 * (20 + LazyWindow.overscan))
    }

    @Test func theRowsAskedForAreClampedSortedAndMergedBeforeTheyAreBuilt() {
        let graph = ViewGraph(BigList(rows: 100))
        graph.lazyRowProvider = { _, _ in [50..<60, 0..<5, 90..<90, 3..<8, 55..<70, 200..<300, 8..<9] }
        graph.invalidateLazyRows(in: nil)
        _ = graph.settle()
        let forEach = graph.nodes(named: "ForEach")[0]
        #expect(forEach.rows?.ranges == [0..<9, 50..<70])
        #expect(graph.counters(of: Row.self).alive == 9 + 20)
    }
}

@Observable
private final class Settings {
    var verbose = false
    var level = 1
    var log: [String] = []
}

private struct Form: View {
    let settings: Settings
    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Toggle("verbose", isOn: Binding(get: { settings.verbose }, set: { settings.verbose = $0 }))
                Picker("level", selection: Binding(get: { settings.level }, set: { settings.level = $0 })) {
                    ForEach(1...3, id: \.self) { Text("L\($0)") }
                }
                Button("save") { settings.log.append("saved") }
                NavigationLink("more", destination: Text("more page"))
            }
        }
    }
}

@Suite("Focus and keys")
struct FocusTests {
    @Test func keysMoveFocusActOnControlsAndPopNavigation() {
        let settings = Settings()
        let renderer = SceneRenderer(graph: ViewGraph(Form(settings: settings)))
        let viewport = renderer.addViewport(size: Size(width: 30, height: 6))
        _ = renderer.render()

        viewport.handle(.tab, in: renderer.graph)          // toggle
        viewport.handle(.enter, in: renderer.graph)
        #expect(settings.verbose)
        viewport.handle(.tab, in: renderer.graph)          // picker
        viewport.handle(.right, in: renderer.graph)
        viewport.handle(.right, in: renderer.graph)
        _ = renderer.render()
        #expect(viewport.grid.lines[1].hasPrefix("level: ‹ L3 ›"), "the highlight shows while choosing")
        #expect(settings.level == 1)
        viewport.handle(.enter, in: renderer.graph)
        #expect(settings.level == 3)
        viewport.handle(.down, in: renderer.graph)         // button
        viewport.handle(.space, in: renderer.graph)
        #expect(settings.log == ["saved"])
        viewport.handle(.tab, in: renderer.graph)          // link
        viewport.handle(.enter, in: renderer.graph)
        _ = renderer.render()
        #expect(viewport.grid.lines[0] .hasPrefix("more page"))
        #expect(viewport.handle(.escape, in: renderer.graph))
        _ = renderer.render()
        #expect(viewport.grid.lines[0].hasPrefix("[x] verbose"))
    }

    @Test func theFocusedRowIsInvertedAndScrollingFollowsIt() {
        let renderer = SceneRenderer(graph: ViewGraph(BigSeparatedList(rows: 100)))
        let viewport = renderer.addViewport(size: Size(width: 10, height: 5))
        _ = renderer.render()
        for _ in 0..<4 { viewport.handle(.down, in: renderer.graph) }
        _ = renderer.render()
        #expect(viewport.screen.contains("row 3"))
        let focusedRow = (0..<viewport.grid.height).first { viewport.grid[$0, 0].text == "r" && renderer.styles[viewport.grid[$0, 0].style].attributes.contains(.inverse) }
        #expect(focusedRow.map { viewport.grid.lines[$0] }?.hasPrefix("row 3") == true)
        #expect(viewport.screen.first != "row 0", "the list scrolled to keep the focused row in view")
    }

    @Test func theWheelScrollsTheContainerUnderThePointer() {
        let renderer = SceneRenderer(graph: ViewGraph(BigList(rows: 100)))
        let viewport = renderer.addViewport(size: Size(width: 10, height: 5))
        _ = renderer.render()
        viewport.handle(.wheel(lines: 3, row: 2, column: 2), in: renderer.graph)
        _ = renderer.render()
        #expect(viewport.grid.lines.first?.hasPrefix("row 3") == true)
        viewport.handle(.pageDown, in: renderer.graph)
        _ = renderer.render()
        #expect(viewport.grid.lines.first?.hasPrefix("row 7") == true)
    }
}

@Suite("Frames")
struct FrameTests {
    @Test func aNewOrResizedViewportGetsAKeyframeAndThenOnlyChanges() {
        let settings = Settings()
        let renderer = SceneRenderer(graph: ViewGraph(Form(settings: settings)))
        let viewport = renderer.addViewport(size: Size(width: 20, height: 4))
        #expect(renderer.render()[0].operations.count == 4, "a keyframe: every row")
        settings.verbose = true
        let change = renderer.render()[0].operations
        #expect(change == [.line(row: 0, column: 1, runs: [CellRun("x", style: .plain)])])
        viewport.resize(to: Size(width: 30, height: 5))
        #expect(renderer.render()[0].operations.count == 5)
        #expect(renderer.render()[0].operations.isEmpty, "nothing changed: nothing sent")
    }
}
