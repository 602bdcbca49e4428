import LoomGraph
import LoomLayout
import Testing

/// Mouse clicks (`Key.click`): what is under the pointer takes the focus and is acted on as
/// Enter would act on it; `onTapGesture`.
@Suite("Clicks and tap gestures")
struct ClickTests {
    private final class Log { var lines: [String] = [] }

    private struct Controls: View {
        let log: Log
        @State var on = false
        @State var colour = "red"
        @State var count = 0
        @State var name = ""

        var body: some View {
            VStack(alignment: .leading) {
                Button("Press") { log.lines.append("pressed") }
                Toggle("On", isOn: $on)
                Picker("Colour", selection: $colour) {
                    Text("red").tag("red")
                    Text("green").tag("green")
                    Text("blue").tag("blue")
                }
                Stepper("Count \(count)", value: $count)
                TextField("name", text: $name)
                Text("plain")
            }
        }
    }

    @Test func aClickFocusesTheControlUnderThePointerAndActsOnItAsEnterWould() {
        let log = Log()
        let host = ViewHost(Controls(log: log), width: 30, height: 6)
        host.press(.click(row: 0, column: 2))
        #expect(log.lines == ["pressed"])
        #expect(host.markup.hasPrefix("{inverse}Press{}"), "the button took the focus: \(host.markup)")
        host.press(.click(row: 1, column: 0))
        #expect(shown(host).split(separator: "\n")[1].hasPrefix("[x] On"), "the toggle flipped: \(host.text)")
        host.press(.click(row: 5, column: 1))
        #expect(log.lines == ["pressed"], "a click on a view that is no control does nothing")
        #expect(host.markup.split(separator: "\n")[1].hasPrefix("{inverse}"), "and leaves the focus where it was")
    }

    @Test func aPickersArrowsAndAStepperSignsActAsTheirKeys() {
        let host = ViewHost(Controls(log: Log()), width: 30, height: 6)
        let picker = shown(host).split(separator: "\n")[2]
        let next = Array(picker).firstIndex(of: "›")!
        host.press(.click(row: 2, column: next))
        #expect(shown(host).split(separator: "\n")[2] == "Colour: ‹ green ›")
        host.press(.click(row: 2, column: Array(picker).firstIndex(of: "‹")!))
        host.press(.click(row: 2, column: Array(picker).firstIndex(of: "‹")!))
        #expect(shown(host).split(separator: "\n")[2] == "Colour: ‹ red ›", "the first option stays the first")
        host.press(.click(row: 2, column: 0))
        #expect(shown(host).split(separator: "\n")[2] == "Colour: ‹ red ›", "a click on the label only focuses")
        let stepper = Array(shown(host).split(separator: "\n")[3])
        let plus = stepper.firstIndex(of: "+")!
        host.press(.click(row: 3, column: plus))
        host.press(.click(row: 3, column: plus))
        host.press(.click(row: 3, column: plus - 1))
        #expect(shown(host).split(separator: "\n")[3].hasPrefix("Count 1 "), "\(host.text)")
    }

    @Test func aClickOnATextFieldFocusesItWithoutEditing() {
        let host = ViewHost(Controls(log: Log()), width: 30, height: 6)
        host.press(.click(row: 4, column: 3))
        #expect(host.cursor?.row == 4, "the caret shows in the clicked field")
        host.type("ada")
        #expect(shown(host).split(separator: "\n")[4] == "ada")
    }

    @Test func aTapGestureRunsOnItsCountOfClicksOnOneCellAndOnEnter() {
        struct Tiles: View {
            let log: Log
            var body: some View {
                VStack(alignment: .leading) {
                    Text("once").onTapGesture { log.lines.append("once") }
                    Text("twice").onTapGesture(count: 2) { log.lines.append("twice") }
                }
            }
        }
        let log = Log()
        let host = ViewHost(Tiles(log: log), width: 10, height: 2)
        host.press(.click(row: 0, column: 1))
        #expect(log.lines == ["once"])
        host.press(.click(row: 1, column: 1))
        #expect(log.lines == ["once"], "one click of two")
        host.press(.click(row: 1, column: 1))
        #expect(log.lines == ["once", "twice"], "the second click on the same cell, straight after")
        host.press(.click(row: 1, column: 2))
        host.press(.click(row: 1, column: 3))
        #expect(log.lines == ["once", "twice"], "clicks on different cells are no series")
        host.press(.enter)
        #expect(log.lines == ["once", "twice", "twice"], "focused, Enter runs it whatever its count: no view is for the mouse only")
        host.press(.up)
        host.press(.enter)
        #expect(log.lines.last == "once", "focus moves through tap targets as through buttons")
    }

    @Test func whileASheetShowsOnlyItsControlsTakeClicks() {
        struct Screen: View {
            let log: Log
            @State var editing = true
            var body: some View {
                VStack(alignment: .leading) {
                    Button("Behind") { log.lines.append("behind") }
                    Text("")
                    Text("")
                }
                .sheet(isPresented: $editing) {
                    Button("Close") { log.lines.append("close"); editing = false }
                }
            }
        }
        let log = Log()
        let host = ViewHost(Screen(log: log), width: 20, height: 6)
        let lines = shown(host).split(separator: "\n", omittingEmptySubsequences: false)
        let row = lines.firstIndex { $0.contains("Close") }!
        host.press(.click(row: 0, column: 0))
        #expect(log.lines.isEmpty, "the view behind the sheet is out of reach")
        host.press(.click(row: row, column: Array(lines[row]).firstIndex(of: "C")!))
        #expect(log.lines == ["close"])
        host.press(.click(row: 0, column: 0))
        #expect(log.lines == ["close", "behind"], "dismissed, the scene takes clicks again")
    }

    @Test func anObserversClickFocusesButLeavesControlsThatChangeDataAlone() {
        let log = Log()
        let (graph, renderer, viewport) = renderedOnce(Controls(log: log), width: 30, height: 6)
        viewport.isReadOnly = true
        viewport.handle(.click(row: 0, column: 2), in: graph)
        _ = renderer.render()
        #expect(log.lines.isEmpty)
        #expect(viewport.focus != nil, "the click still moved this viewer's focus")
        #expect(!viewport.acts(.click(row: 1, column: 0), in: graph), "so it needs no view state of its own")
    }

    @Test func aClickThatFollowsALinkActsOnTheGraphsViewState() {
        struct Links: View {
            var body: some View { NavigationStack { NavigationLink("open", destination: Text("opened")) } }
        }
        let (graph, renderer, viewport) = renderedOnce(Links(), width: 10, height: 2)
        #expect(viewport.acts(.click(row: 0, column: 1), in: graph), "navigation is the graph's: a viewer sharing it needs its own first")
        #expect(!viewport.acts(.click(row: 1, column: 5), in: graph), "a click on nothing does not")
        viewport.handle(.click(row: 0, column: 1), in: graph)
        _ = renderer.render()
        #expect(Snapshot.text(viewport.grid).hasPrefix("opened"))
    }
}
