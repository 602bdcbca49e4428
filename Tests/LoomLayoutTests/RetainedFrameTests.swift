import LoomCells
import LoomGraph
@testable import LoomLayout
import LoomTestSupport
import Observation
import Testing

@Observable
private final class Job: Identifiable {
    let id: Int
    var title: String
    var done = false
    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

@Observable
private final class Board {
    var header = "jobs"
    var banner = false
    var jobs: [Job]
    var nextID: Int
    init(count: Int) {
        jobs = (0..<count).map { Job(id: $0, title: "job \($0)") }
        nextID = count
    }
}

private struct JobRow: View {
    let job: Job
    var body: some View {
        HStack {
            Text(job.title).foregroundColor(job.done ? .green : .red).lineLimit(2)
            Spacer()
            Toggle("done", isOn: Binding(get: { job.done }, set: { job.done = $0 }))
        }
    }
}

private struct BoardView: View {
    let board: Board
    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Text(board.header).border(.blue)
                if board.banner { Text("横幅 banner").background(.yellow) }
                HStack { Text("jobs: \(board.jobs.count)"); Spacer(); Divider(); Text("end") }
                List(board.jobs) { JobRow(job: $0) }
            }
        }
    }
}

/// A kept layout and a drawing of damaged rows must be indistinguishable from a layout and a
/// drawing made from nothing: the rule every frame's shortcut answers to.
@Suite("Retained frames")
struct RetainedFrameTests {
    private static let titles = ["x", "a longer title that wraps onto a second line at narrow widths", "漢字のタイトル", "👩‍👩‍👧 family", "", "short"]

    /// The boxes of a layout made from nothing, with the viewport's scroll offsets.
    private func freshBoxes(_ renderer: SceneRenderer, _ viewport: Viewport) -> [LayoutBox] {
        let engine = LayoutEngine()
        engine.scrollPosition = { viewport.scrollOffsets[ObjectIdentifier($0)] ?? ScrollPosition() }
        return engine.layout(root: renderer.graph.root, size: viewport.size).boxes
    }

    @Test func keptLayoutsAndDamagedDrawingsEqualOnesMadeFromNothing() {
        var random = SplitMix(state: 2026)
        let board = Board(count: 8)   // shorter than the screens: rows removed leave blank space
        let renderer = SceneRenderer(graph: ViewGraph(BoardView(board: board)))
        let viewports = [Size(width: 60, height: 20), Size(width: 60, height: 20), Size(width: 34, height: 12)].map(renderer.addViewport)
        var sent: [ObjectIdentifier: CellGrid] = [:]
        for frame in renderer.render() { sent[ObjectIdentifier(frame.viewport)] = frame.viewport.grid }
        var leavesOnly = 0, subtreesOnly = 0
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2: board.jobs.randomElement(using: &random)?.title = Self.titles.randomElement(using: &random)!
            // Most often the same width (the leaves' shortcut), a wrapped title not always.
            case 3: if let job = board.jobs.randomElement(using: &random) { job.title = String(job.title.reversed()) }
            case 4: board.jobs.randomElement(using: &random)?.done.toggle()
            case 5:
                board.jobs.insert(Job(id: board.nextID, title: "new \(board.nextID)"), at: Int.random(in: 0...board.jobs.count, using: &random))
                board.nextID += 1
            case 6: if !board.jobs.isEmpty { board.jobs.remove(at: Int.random(in: 0..<board.jobs.count, using: &random)) }
            case 7: Bool.random(using: &random) ? board.banner.toggle() : (board.header = Self.titles.randomElement(using: &random)!)
            case 8 where Bool.random(using: &random):
                let size = viewports[2].size.width == 34 ? Size(width: 50, height: 16) : Size(width: 34, height: 12)
                viewports[2].resize(to: size)
                sent[ObjectIdentifier(viewports[2])] = CellGrid(width: size.width, height: size.height)
            case 8: _ = viewports[1].handle(.wheel(lines: Int.random(in: -3...3, using: &random), row: 8, column: 2), in: renderer.graph)
            default: _ = viewports[Int.random(in: 0..<3, using: &random)].handle([.tab, .down, .up, .space].randomElement(using: &random)!, in: renderer.graph)
            }
            // Now and then a viewer is behind and skipped; it catches up in a later frame.
            let chosen = viewports.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
            let frames = renderer.render(only: chosen)
            if renderer.engine.placedLeavesOnly { leavesOnly += 1 }
            if renderer.engine.keptLastLayout && renderer.engine.placedSubtrees > 0 { subtreesOnly += 1 }
            for viewport in viewports where !chosen.contains(where: { $0 === viewport }) {
                #expect(viewport.needsKeyframe || viewport.grid == sent[ObjectIdentifier(viewport)], "step \(step): a skipped viewer keeps the grid it was sent")
            }
            for (index, frame) in frames.enumerated() {
                let viewport = frame.viewport
                let fresh = freshBoxes(renderer, viewport)
                #expect(fresh.count == viewport.boxes.count, "step \(step): the same boxes")
                let same = zip(fresh, viewport.boxes).allSatisfy { $0.node === $1.node && $0.descendants == $1.descendants && $0.drawsLike($1) }
                #expect(same, "step \(step), viewport \(index): kept boxes equal fresh ones")
                var whole = CellGrid(width: viewport.size.width, height: viewport.size.height)
                Drawing.draw(fresh, into: &whole, styles: renderer.styles, focus: viewport.focus)
                #expect(viewport.grid == whole, "step \(step), viewport \(index): a drawing of damaged rows equals a whole drawing")
                var screen = sent[ObjectIdentifier(viewport)]!
                screen.apply(frame.operations)
                sent[ObjectIdentifier(viewport)] = screen
                #expect(screen == whole, "step \(step), viewport \(index): the operations bring the viewer's grid up to date")
                if !same || viewport.grid != whole || screen != whole { return }
            }
        }
        #expect(leavesOnly >= 20, "the leaves' shortcut was taken \(leavesOnly) times: too rarely to be tested here")
        #expect(subtreesOnly >= 20, "a subtree around a resized leaf was placed alone \(subtreesOnly) times: too rarely to be tested here")
    }

    /// A viewer that is behind keeps the boxes it was last drawn from (it is sent one frame
    /// when it catches up); rows removed meanwhile leave nodes in them that are no longer in
    /// the graph, and their parents may be gone. Its keys must still be safe to handle.
    @Test func aViewerBehindHandlesKeysOverBoxesWhoseNodesLeftTheGraph() {
        let board = Board(count: 6)
        let renderer = SceneRenderer(graph: ViewGraph(BoardView(board: board)))
        let current = renderer.addViewport(size: Size(width: 60, height: 20))
        // Another size: not a twin of the current one, whose layout it would share.
        let behind = renderer.addViewport(size: Size(width: 50, height: 16))
        _ = renderer.render()
        board.jobs.removeSubrange(1...4)
        _ = renderer.render(only: [current])
        let gone = behind.boxes.filter { !$0.node.isAlive }
        #expect(!gone.isEmpty, "the behind viewer's boxes hold nodes that left the graph")
        #expect(gone.allSatisfy { $0.node.parent == nil }, "a node that left the graph has no parent to walk up to")
        for key: Key in [.tab, .down, .down, .down, .space, .up, .enter, .click(row: 12, column: 2), .pageDown, .escape] {
            _ = behind.handle(key, in: renderer.graph)
            _ = behind.acts(key, in: renderer.graph)
        }
        // Caught up: its boxes are the graph's again, and what it shows is the board as it is.
        _ = renderer.render()
        #expect(behind.boxes.allSatisfy { $0.node.isAlive })
        let shown = Snapshot.text(behind.grid)
        #expect(shown.contains("job 0") && shown.contains("job 5") && !shown.contains("job 2"), "\(shown)")
    }

    /// How often a renderer asked for the rows its lazy containers build.
    private final class Asks { var count = 0 }

    /// A board of 1,000 jobs drawn once in a viewport of `size`, and the renderer's asks for
    /// its list's rows counted from then on.
    private func drawnBoard(size: Size) -> (board: Board, renderer: SceneRenderer, viewport: Viewport, asks: Asks) {
        let board = Board(count: 1_000)
        let renderer = SceneRenderer(graph: ViewGraph(BoardView(board: board)))
        let viewport = renderer.addViewport(size: size)
        _ = renderer.render()
        let rowsFor = renderer.graph.lazyRowProvider!
        let asks = Asks()
        renderer.graph.lazyRowProvider = { container, count in
            asks.count += 1
            return rowsFor(container, count)
        }
        return (board, renderer, viewport, asks)
    }

    @Test func aFrameAsksForTheLazyRowsOnlyWhenAViewportMovedOrALayoutMeasuredRowsAnew() {
        let (board, renderer, viewport, asks) = drawnBoard(size: Size(width: 80, height: 24))
        board.jobs[2].title = "job X"
        _ = renderer.render()
        #expect(asks.count == 0, "a row's text changed and no viewport moved: nothing asked")

        // Scrolled: the rows are asked at the frame's start, and the rows now in view are built.
        #expect(viewport.handle(.pageDown, in: renderer.graph))
        _ = renderer.render()
        #expect(asks.count >= 1, "a viewport scrolled: asked again")
        let shown = Snapshot.text(viewport.grid)
        #expect(!shown.contains("job 0") && shown.contains("job 10"), "the page below shows: \(shown)")

        // Resized taller: asked again, and the rows the taller screen shows are built.
        asks.count = 0
        viewport.resize(to: Size(width: 80, height: 60))
        _ = renderer.render()
        #expect(asks.count >= 1, "a viewport resized: asked again")
        #expect(Snapshot.text(viewport.grid).contains("job 19"), "the rows the taller screen shows: \(Snapshot.text(viewport.grid))")

        // A row that grows taller (it wraps) changes no viewport; the layout measures the rows
        // anew, and the rows are asked after it.
        asks.count = 0
        board.jobs[30].title = String(repeating: "wraps ", count: 30)
        _ = renderer.render()
        #expect(asks.count >= 1, "a row's height changed: asked after the layout")
    }

    @Test func aTextThatKeepsItsSizeIsPlacedAloneAndNothingAboveItIsMeasured() {
        let (board, renderer, viewport, asks) = drawnBoard(size: Size(width: 200, height: 50))
        board.jobs[7].title = "job Z"
        let frame = renderer.render()[0]
        #expect(renderer.engine.placedLeavesOnly)
        #expect(renderer.engine.placements == 1, "the text's box alone")
        #expect(asks.count == 0, "the list's rows not asked: no viewport moved, and the layout measured no row anew")
        // Characters as wide, spaces where they were: it breaks into lines as it did, so it is
        // not even measured.
        #expect(renderer.engine.measurements == 0)
        #expect(renderer.drawnRows == 1 && frame.operations.count == 1)
        // In the row's band, what draws: the navigation stack (its title), the list (its
        // separators), the title, the toggle and its label; not the stacks, the spacer or the
        // modifiers around the title, which draw nothing.
        #expect(renderer.drawnBoxes == 5, "\(renderer.drawnBoxes) boxes drawn")
        #expect(Snapshot.text(viewport.grid).contains("job Z"), "the row shows the new title")

        // As wide, but its space moved: measured again, at the proposals it was measured at
        // (its row's stack asks a child at zero, at infinity and at its share, measured with no
        // height and placed at the row's), and still placed alone.
        board.jobs[7].title = "jobZ 7"
        _ = renderer.render()
        board.jobs[7].title = "job Z7"
        _ = renderer.render()
        #expect(renderer.engine.placedLeavesOnly)
        #expect(renderer.engine.placements == 1)
        #expect((1...6).contains(renderer.engine.measurements), "\(renderer.engine.measurements)")
        #expect(Snapshot.text(viewport.grid).contains("job Z7"))

        // Wider, the text moves what is beside it, but its row keeps its size: the row is
        // placed again (its other children copied), nothing above it.
        board.jobs[7].title = "job seven"
        let wider = renderer.render()[0]
        #expect(!renderer.engine.placedLeavesOnly)
        #expect(renderer.engine.keptLastLayout && renderer.engine.placedSubtrees == 1)
        #expect((2...5).contains(renderer.engine.placements), "the row's stack and what moved in it: \(renderer.engine.placements)")
        #expect(renderer.drawnRows == 1 && wider.operations.count == 1)
        #expect(Snapshot.text(viewport.grid).contains("job seven"))
    }

    /// A change drawn in place copies the rows it replaces into a list kept between frames:
    /// a row's room is kept, a change of many rows gives back what it grew past the bound (and
    /// its operations list keeps no more than its own bound).
    @Test func theCellsAChangeReplacesAreKeptWithinABoundBetweenFrames() {
        let (board, renderer, viewport, _) = drawnBoard(size: Size(width: 200, height: 50))
        board.jobs[7].title = "job seven"
        _ = renderer.render()
        #expect(renderer.drawnRows == 1)
        #expect(renderer.keptCells >= 200 && renderer.keptCells <= DamageDrawing.keptCellsCapacity, "a row's room kept: \(renderer.keptCells)")
        for index in 0..<12 { board.jobs[index].title = "job \(index) changed" }
        _ = renderer.render()
        #expect(renderer.drawnRows == 12 && renderer.drawnRows * 200 > DamageDrawing.keptCellsCapacity)
        #expect(renderer.keptCells == 0, "past the bound: given back once diffed")
        #expect(Snapshot.text(viewport.grid).contains("job 11 changed"))
        #expect(renderer.keptOperations <= DamageDrawing.keptOperationsCapacity, "operations kept: \(renderer.keptOperations)")
    }

    @Test func aOneRowChangePlacesThatRowAndItsAncestorsAndDrawsOneRow() {
        let board = Board(count: 1_000)
        let renderer = SceneRenderer(graph: ViewGraph(BoardView(board: board)))
        let viewport = renderer.addViewport(size: Size(width: 200, height: 50))
        _ = renderer.render()
        _ = renderer.render()
        let boxes = viewport.boxes.count
        board.jobs[7].title = "job seven"
        let frame = renderer.render()[0]
        // The row's HStack, text, spacer and toggle (with its label), and the ancestors above
        // it down from the root: not the other rows, whatever the list's length.
        #expect(renderer.engine.placements <= 14, "placed \(renderer.engine.placements) of \(boxes) boxes")
        #expect(renderer.drawnRows == 1)
        #expect(frame.operations.count == 1)
        // The other rows' boxes are not even copied: the new boxes are written over the old ones.
        #expect(renderer.engine.copiedBoxes == 0)
        let boxStorage = { viewport.boxes.withUnsafeBufferPointer { $0.baseAddress } }
        let boxesBefore = boxStorage()
        board.jobs[9].title = "job nine"
        _ = renderer.render()
        #expect(boxStorage() == boxesBefore && renderer.engine.copiedBoxes == 0)

        // The screen is drawn in place: no copy of it per frame.
        let storage = { viewport.grid.cells.withUnsafeBufferPointer { $0.baseAddress } }
        let before = storage()
        board.jobs[8].title = "job eight"
        _ = renderer.render()
        #expect(storage() == before)
    }

    /// Layout results live in their nodes: the rows scrolled past are destroyed, and their
    /// results with them.
    @Test func theLayoutCacheStaysWithinWhatTheGraphHoldsWhileAViewerScrollsAway() {
        let board = Board(count: 100_000)
        let renderer = SceneRenderer(graph: ViewGraph(BoardView(board: board)))
        let viewport = renderer.addViewport(size: Size(width: 80, height: 40))
        _ = renderer.render()
        var largest = 0
        for _ in 0..<300 {
            _ = viewport.handle(.pageDown, in: renderer.graph)
            _ = renderer.render()
            largest = max(largest, renderer.engine.cachedNodes)
            #expect(renderer.engine.cachedNodes <= renderer.graph.liveNodes)
        }
        let list = viewport.boxes.first { $0.primitive == .list }!.node
        #expect(viewport.scrollOffset(of: list) > 5_000, "scrolled far down the list")
        // Kept for every row scrolled past, they would be thousands: rows, 5 nodes each.
        #expect(largest <= 2 * viewport.boxes.count, "\(largest) results for \(viewport.boxes.count) boxes")
    }

    @Test func rowsThatMovedAreScrolledAndRowsChangedInPlaceAreRedrawnInPlace() {
        let board = Board(count: 200)
        let renderer = SceneRenderer(graph: ViewGraph(BoardView(board: board)))
        let viewport = renderer.addViewport(size: Size(width: 60, height: 40))
        _ = renderer.render()
        let isScroll = { (operation: GridOperation) in if case .scroll = operation { true } else { false } }

        // Ten rows change where they are: no scroll is looked for, and the screen is not copied.
        let storage = { viewport.grid.cells.withUnsafeBufferPointer { $0.baseAddress } }
        let before = storage()
        for job in board.jobs.prefix(10) { job.title += "!" }
        let inPlace = renderer.render()[0].operations
        #expect(!inPlace.contains(where: isScroll) && inPlace.count == 10)
        #expect(storage() == before)

        // A row inserted above the others moves them: the terminal scrolls them.
        board.jobs.insert(Job(id: -1, title: "first"), at: 0)
        #expect(renderer.render()[0].operations.contains(where: isScroll))
    }
}
