import LoomGraph
import LoomLayout
import Testing

/// `navigationTitle`, `toolbar`, `keyboardShortcut` and `tint`.
@Suite("Titles, toolbars, shortcuts and tint")
struct TitlesShortcutsAndTintTests {
    private final class Log { var lines: [String] = [] }

    @Test func aStackShowsTheTitleOfTheViewOnTopInBoldOnItsFirstLine() {
        struct Jobs: View {
            var body: some View {
                NavigationStack {
                    NavigationLink("build", value: "build")
                        .navigationTitle("Jobs")
                        .navigationDestination(for: String.self) { name in
                            Text("job \(name)").navigationTitle("Job \(name)")
                        }
                }
            }
        }
        let host = ViewHost(Jobs(), width: 20, height: 3)
        #expect(host.markup.hasPrefix("{bold}Jobs{}\nbuild ›"), "\(host.markup)")
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "Job build\njob build", "the destination's title")
        host.press(.escape)
        #expect(shown(host) == "Jobs\nbuild ›", "the root's again after the pop")
        #expect(render(Text("no stack").navigationTitle("ignored"), 20, 1) == "no stack", "outside a stack a title shows nowhere")
    }

    /// The title is the top view's, which changes while the stack's own value holds: the stack
    /// asks again (`primitiveReadsTheNode`) rather than keep what it showed.
    @Test func aTitleThatChangesBelowTheStackIsShownAsItChanges() {
        struct Counter: View {
            @State private var count = 0
            var body: some View {
                Button("more") { count += 1 }.navigationTitle("Count \(count)")
            }
        }
        struct Stack: View {
            var body: some View { NavigationStack { Counter() } }
        }
        let host = ViewHost(Stack(), width: 20, height: 3)
        #expect(shown(host) == "Count 0\nmore")
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "Count 1\nmore", "the new title, though the stack took no new value")
    }

    @Test func aToolbarIsALineAboveTheViewWithItsItemsAtTheEnd() {
        struct Board: View {
            let log: Log
            var body: some View {
                Text("content")
                    .toolbar {
                        ToolbarItem(placement: .primaryAction) { Button("Add") { log.lines.append("add") } }
                        Button("Help") {}
                    }
            }
        }
        let log = Log()
        let host = ViewHost(Board(log: log).frame(width: 20), width: 20, height: 2)
        #expect(shown(host) == "            Add Help\ncontent", "\n\(host.text)")
        host.press(.tab)
        host.press(.enter)
        #expect(log.lines == ["add"], "its items are buttons like any")
    }

    private struct Editor: View {
        let log: Log
        @State var name = ""
        @State var confirming = false
        var body: some View {
            VStack(alignment: .leading) {
                TextField("name", text: $name)
                Button("Refresh") { log.lines.append("refresh") }.keyboardShortcut("r")
                Button("Save") { log.lines.append("save \(name)") }.keyboardShortcut(.defaultAction)
                Button("Delete") { confirming = true }.keyboardShortcut("d").disabled(name.isEmpty)
            }
            .alert("Delete?", isPresented: $confirming) {
                Button("Delete", role: .destructive) { log.lines.append("deleted") }.keyboardShortcut("y")
                Button("Keep", role: .cancel) { log.lines.append("kept") }.keyboardShortcut(.cancelAction)
            }
        }
    }

    @Test func aShortcutKeyPressesItsButtonFromAnywhereButNotWhileTyping() {
        let log = Log()
        let host = ViewHost(Editor(log: log), width: 30, height: 8)
        host.press(.character("r"))
        #expect(log.lines == ["refresh"], "nothing focused: r is the shortcut")
        host.press(.enter)
        #expect(log.lines == ["refresh", "save "], "Enter with nothing focused is the default action")
        host.press(.character("d"))
        #expect(log.lines == ["refresh", "save "] && !host.text.contains("Delete?"), "a disabled button's shortcut does nothing")
        host.press(.tab)
        host.type("rd")
        #expect(host.text.hasPrefix("rd"), "in a text field the keys are typed")
        #expect(log.lines == ["refresh", "save "])
        host.press(.enter)
        #expect(log.lines == ["refresh", "save "], "Enter in a field submits it; the default action waits for no focused control")
    }

    @Test func onlyAPresentationsShortcutsActWhileItShowsAndEscapeIsItsCancelAction() {
        let log = Log()
        let host = ViewHost(Editor(log: log), width: 30, height: 8)
        host.press(.tab)
        host.type("x")
        host.press(.tab)
        host.press(.character("d"))
        #expect(host.text.contains("Delete?"), "\n\(host.text)")
        host.press(.character("r"))
        #expect(log.lines.isEmpty, "the board's shortcut does not act under the alert")
        host.press(.escape)
        #expect(log.lines == ["kept"], "Escape is the cancel action's shortcut, then the alert goes")
        #expect(!host.text.contains("Delete?"))
        host.press(.character("d"))
        host.press(.character("y"))
        #expect(log.lines == ["kept", "deleted"])
    }

    @Test func tintColoursTheMarksOfControlsNotTheirLabels() {
        struct Tinted: View {
            @State var on = true
            var body: some View {
                VStack(alignment: .leading) {
                    Toggle("on", isOn: $on)
                    ProgressView(value: 0.5).frame(width: 4)
                }
                .tint(.green)
            }
        }
        #expect(markup(Tinted(), 10, 2) == "{fg=green}[x]{} on\n{fg=green}██{dim}░░{}", "\(markup(Tinted(), 10, 2))")
    }
}

/// `NavigationStack(path:)`: the stack and its path kept in step both ways.
@Suite("Navigation paths")
struct NavigationPathTests {
    private struct Browser: View {
        @Binding var path: [Int]
        var body: some View {
            NavigationStack(path: $path) {
                VStack {
                    NavigationLink("open 1", value: 1)
                    Button("jump") { path = [2, 3] }
                }
                .navigationDestination(for: Int.self) { number in
                    VStack {
                        Text("page \(number)")
                        NavigationLink("next", value: number + 10)
                    }
                }
            }
        }
    }

    private struct Host: View {
        @State var path: [Int]
        var body: some View {
            VStack(alignment: .leading) {
                Text("path \(path.map(String.init).joined(separator: ","))")
                Browser(path: $path)
            }
        }
    }

    @Test func aPathGivenAtTheStartIsShownAndLinksAndPopsChangeIt() {
        let host = ViewHost(Host(path: [5]), width: 20, height: 3)
        #expect(shown(host) == "path 5\npage 5\nnext ›", "the destinations of a path set before they were registered")
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "path 5,15\npage 15\nnext ›", "a link appends its value")
        host.press(.escape)
        #expect(shown(host) == "path 5\npage 5\nnext ›", "a pop removes the last value")
        host.press(.escape)
        #expect(shown(host) == "path\nopen 1 ›\n  jump")
    }

    @Test func aProgramThatSetsThePathPushesAndPops() {
        let host = ViewHost(Host(path: []), width: 20, height: 3)
        host.press(.tab)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "path 2,3\npage 3\nnext ›", "two pushed at once, the last on top")
        host.press(.escape)
        #expect(shown(host) == "path 2\npage 2\nnext ›")
    }

    @Test func dismissInADestinationOfAPathRemovesItsValueAndAViewPushedAsIsStays() {
        struct Page: View {
            @Environment(\.dismiss) private var dismiss
            let number: Int
            var body: some View {
                VStack {
                    Button("back from \(number)") { dismiss() }
                    NavigationLink("about", destination: Text("about \(number)"))
                }
            }
        }
        struct Pages: View {
            @State var path = [1, 2]
            var body: some View {
                VStack(alignment: .leading) {
                    Text("path \(path.map(String.init).joined(separator: ","))")
                    NavigationStack(path: $path) {
                        Text("home").navigationDestination(for: Int.self) { Page(number: $0) }
                    }
                }
            }
        }
        let host = ViewHost(Pages(), width: 20, height: 3)
        #expect(shown(host) == "path 1,2\nback from 2\n  about ›")
        host.press(.tab)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "path 1,2\nabout 2", "a view pushed as is, over the path's destinations: the path is unchanged")
        host.press(.escape)
        #expect(shown(host) == "path 1,2\nback from 2\n  about ›")
        host.press(.backTab)
        host.press(.enter)
        #expect(shown(host) == "path 1\nback from 1\n  about ›", "dismiss removed the destination's value from the path")
    }
}
