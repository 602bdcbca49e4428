import LoomGraph
import LoomLayout
import Observation
import Testing

/// `ViewHost`, the public way to mount a view without a daemon: what its frames show and count
/// are what a viewer of that size would be shown and what the daemon would evaluate.
@Suite("A view hosted headlessly")
struct ViewHostTests {
    @Observable final class Row: Identifiable {
        let id: Int
        var status = "queued"
        init(id: Int) { self.id = id }
    }

    struct RowView: View {
        let row: Row
        var body: some View { Text("#\(row.id) \(row.status)") }
    }

    struct Rows: View {
        let rows: [Row]
        var body: some View { List(rows) { RowView(row: $0) } }
    }

    struct Presses: View {
        @State private var presses = 0
        var body: some View {
            VStack {
                Button("press") { presses += 1 }
                Text("pressed \(presses)")
            }
        }
    }

    @Test func aFrameEvaluatesOnlyWhatChangedAndBuildsOnlyTheRowsTheSizeShows() {
        let rows = (0..<1_000_000).map(Row.init)
        let host = ViewHost(Rows(rows: rows), width: 30, height: 20)
        #expect(host.bodies(of: RowView.self) < 60, "the first frame builds the rows 20 lines show and an overscan: \(host.bodies(of: RowView.self))")
        #expect(host.text.contains("#0 queued"))
        rows[3].status = "ok"
        host.runFrame()
        #expect(host.bodies(of: RowView.self) == 1 && host.bodies == 1)
        #expect(host.text.contains("#3 ok"))
        host.runFrame()
        #expect(host.bodies == 0, "nothing changed, nothing evaluated")
    }

    @Test func aScreenOutsideOneToTheMaximumSideStopsWithAMessage() async {
        await #expect(processExitsWith: .failure) { _ = ViewHost(Text("x"), width: 0, height: 1) }
        await #expect(processExitsWith: .failure) { _ = ViewHost(Text("x"), width: 1, height: ViewHost.maximumSide + 1) }
        #expect(ViewHost(Text("x"), width: ViewHost.maximumSide, height: 1).text == "x")
    }

    @Test func keysActAsAViewersDo() {
        let host = ViewHost(Presses(), width: 20, height: 3)
        #expect(host.text.contains("pressed 0"))
        host.press(.tab)
        host.press(.enter)
        #expect(host.text.contains("pressed 1"), "\(host.text)")
        #expect(host.bodies(of: Presses.self) == 1)
        #expect(host.markup.contains("pressed 1"))
    }

    @Test func aControlIsTappedByItsLabelAsAPointerWouldAndOnlyWhenItShows() {
        struct Settings: View {
            @State var on = false
            @State var tapped = 0
            var body: some View {
                VStack(alignment: .leading) {
                    Toggle("Wrap lines", isOn: $on)
                    Text("tapped \(tapped)").onTapGesture { tapped += 1 }
                    if on { Button("Only when wrapping") {} }
                }
            }
        }
        let host = ViewHost(Settings(), width: 30, height: 3)
        #expect(!host.tap("Only when wrapping"), "not on screen: nothing to tap")
        #expect(host.tap("Wrap lines"))
        #expect(host.text.hasPrefix("[x] Wrap lines"), "\(host.text)")
        #expect(host.focusedLabel == "Wrap lines", "a tap focuses what it taps")
        #expect(host.tap("tapped 0"))
        #expect(host.text.contains("tapped 1"))
        #expect(host.tap("Only when wrapping"))
        #expect(host.focusedLabel == "Only when wrapping")
    }

    @Test func framesRunUntilWhatATaskDoesBetweenThemShowsOrTheTimeoutPasses() {
        struct Loader: View {
            @State var loaded = false
            var body: some View {
                Text(loaded ? "loaded" : "loading").task {
                    try? await Task.sleep(for: .milliseconds(20))
                    loaded = true
                }
            }
        }
        let host = ViewHost(Loader(), width: 10, height: 1)
        #expect(host.text.hasPrefix("loading"))
        #expect(host.runFrames(until: { $0.text.hasPrefix("loaded") }))
        #expect(!host.runFrames(until: { $0.text.hasPrefix("never") }, timeout: .milliseconds(10)), "false once the time is up")
    }
}
