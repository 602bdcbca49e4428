import LoomCells
import LoomGraph
import LoomLayout
import Testing

/// `GeometryReader`: the content is built for the size the reader was placed at, in the same
/// frame, per viewer.
@Suite("GeometryReader")
struct GeometryReaderTests {
    private struct Measured: View {
        var body: some View {
            GeometryReader { proxy in
                Text("\(proxy.size.width)x\(proxy.size.height)")
            }
        }
    }

    @Test func theContentIsBuiltForTheSizeTheReaderTakesInTheFirstFrame() {
        #expect(render(Measured(), 12, 3) == "12x3", "the whole screen, top-leading")
        #expect(render(HStack(spacing: 1) { Text("ab"); Measured() }, 20, 2) == "ab 17x2", "what the stack leaves")
        #expect(render(VStack(alignment: .leading, spacing: 0) { Text("top"); Measured(); Text("bottom") }, 10, 5) == "top\n10x3\n\n\nbottom",
                "it takes the height it is offered, as SwiftUI's does")
        #expect(render(ScrollView { Measured() }, 10, 4) == "10x1", "along a scroll view, one cell: no proposal there")
    }

    @Test func aGoldenSnapshotOfABarSizedFromItsReader() {
        struct Meter: View {
            let fraction: Double
            var body: some View {
                GeometryReader { proxy in
                    HStack(spacing: 0) {
                        Color.green.frame(width: Int(Double(proxy.size.width) * fraction), height: 1)
                        Spacer(minLength: 0)
                    }
                }
                .frame(height: 1)
            }
        }
        #expect(markup(VStack(alignment: .leading, spacing: 0) { Meter(fraction: 0.5); Text("half") }, 8, 2) == "{bg=green}    {}\nhalf")
    }

    private struct Counter: View {
        @State var count = 0
        var body: some View {
            GeometryReader { proxy in
                Button("\(count) at \(proxy.size.width)") { count += 1 }
            }
        }
    }

    @Test func aResizeBuildsTheContentAgainForTheNewSizeKeepingItsState() {
        let host = ViewHost(Counter(), width: 12, height: 1)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "1 at 12")
        host.resize(width: 9, height: 1)
        #expect(shown(host) == "1 at 9", "the same content, told the new size, its state kept")
        #expect(host.evaluations.contains { $0.causes.contains("@geometry") }, "\(host.evaluations)")
        host.runFrame()
        #expect(host.bodies == 0, "nothing to build again while the size holds")
    }

    @Test func viewersOfDifferentSizesSharingAGraphEachSeeTheContentForTheirs() {
        let graph = ViewGraph(Measured())
        let renderer = SceneRenderer(graph: graph)
        let wide = renderer.addViewport(size: Size(width: 20, height: 2))
        let narrow = renderer.addViewport(size: Size(width: 8, height: 1))
        _ = renderer.render()
        #expect(Snapshot.text(wide.grid).hasPrefix("20x2"))
        #expect(Snapshot.text(narrow.grid).hasPrefix("8x1"))
        renderer.removeViewport(narrow)
        wide.resize(to: Size(width: 16, height: 2))
        _ = renderer.render()
        #expect(Snapshot.text(wide.grid).hasPrefix("16x2"))
        let single = renderedOnce(Measured(), width: 16, height: 2).graph
        #expect(graph.liveNodes == single.liveNodes, "one content left, for the one size placed")
    }

    @Test func aGraphCopiedForAViewerStartsFromTheContentsStateOfItsSource() {
        let (graph, renderer, viewport) = renderedOnce(Counter(), width: 12, height: 1)
        viewport.handle(.tab, in: graph)
        viewport.handle(.enter, in: graph)
        _ = renderer.render()
        #expect(Snapshot.text(viewport.grid).hasPrefix("1 at 12"))
        let copy = ViewGraph(Counter(), copyingStateOf: graph)
        let copyRenderer = SceneRenderer(graph: copy)
        let own = copyRenderer.addViewport(size: Size(width: 10, height: 1))
        _ = copyRenderer.render()
        copy.endCopyingState()
        #expect(Snapshot.text(own.grid).hasPrefix("1 at 10"), "the count kept, at the copy's own size")
    }
}
