import Foundation
import LoomCells
import LoomDaemon
import LoomGraph
import LoomJSON
import LoomScenes
import LoomStoreViews
import LoomWire
import Testing

/// The test scene for view state: a `@State` counter with its button, and a list of jobs from
/// the store, each a link to its detail.
struct WindowBoard: View {
    @StoreMembers("/jobs") var jobs: [StoreMember]
    @State private var presses = 0

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Text("pressed \(presses)")
                Button("press") { presses += 1 }
                List(jobs) { job in
                    NavigationLink(destination: JobDetailLine(path: job.path)) { JobLine(path: job.path) }
                }
            }
        }
    }
}

struct JobDetailLine: View {
    @StoreValue var job: JSONValue?
    init(path: JSONPointer) { _job = StoreValue(path) }
    var body: some View {
        Text("detail \(job?["name"]?.stringValue ?? "?") \(job?["status"]?.stringValue ?? "?")")
    }
}

/// The test scene for text input: a field bound to `@State` (each window's own draft), which
/// on submit writes the store (everyone's) and clears the draft.
struct NoteForm: View {
    @Environment(\.store) private var store
    @StoreValue("/last") var last: JSONValue?
    @State private var draft = ""

    var body: some View {
        VStack(alignment: .leading) {
            TextField("note", text: $draft).onSubmit {
                _ = try? store?.set(.string(draft), at: JSONPointer("/last"))
                draft = ""
            }
            Text("draft: \(draft)")
            Text("last: \(last?.stringValue ?? "-")")
        }
    }
}

/// One attached viewer and the screen rebuilt from its frames.
final class Window {
    let client: Client
    let screen = ScreenModel()
    /// Every style the daemon defined for it.
    var styles: [StyleID: Style] = [:]
    /// The last `cursor` message: where its terminal would show the cursor.
    var cursor: (row: Int, column: Int, visible: Bool) = (0, 0, false)

    init(_ socket: String, scene: String = "board", role: Role = .viewer, width: Int = 40, height: Int = 10) {
        client = Client.hello(socket, role: role)
        client.send(.attach(id: 1, scene: scene, width: width, height: height))
        _ = client.receive()
        nextFrame()
    }

    /// Applies the next frame (waiting for it), acknowledging it.
    func nextFrame() {
        while let message = client.receive() {
            if case .style(let id, let style) = message { styles[id] = style }
            if case .cursor(let row, let column, let visible) = message { cursor = (row, column, visible) }
            if screen.apply(message) {
                client.send(.ack(sequence: screen.lastFlush))
                return
            }
        }
        Issue.record("no frame came")
    }

    /// Sends a key and applies the frame it causes.
    func press(_ key: InputKey) {
        client.send(.input(InputEvent(key: key)))
        nextFrame()
    }

    /// Types `text` a character at a time, applying the frame each causes.
    func type(_ text: String) {
        for character in text {
            client.send(.input(InputEvent(key: .character, text: String(character))))
            nextFrame()
        }
    }

    /// Sends a key that must change nothing on this screen: no frame comes.
    func pressInert(_ key: InputKey) {
        client.send(.input(InputEvent(key: key)))
        #expect(client.receive(timeout: 0.4) == nil, "a frame came after \(key)")
    }

    var text: String { screen.text }
}

@Suite("Each viewer is a window", .serialized)
struct ViewerStateTests {
    private static func daemon() -> (DaemonThread, Client) {
        let daemon = DaemonThread { $0.register(scene: "board", WindowBoard()) }
        let script = Client.hello(daemon.socket)
        script.send(.set(id: 1, path: "/jobs", value: ["a": ["name": "build", "status": "ok"], "b": ["name": "test", "status": "queued"]]))
        _ = script.receive()
        return (daemon, script)
    }

    private static func stats(_ script: Client) -> JSONValue? {
        script.send(.stats(id: 99))
        guard case .statsReport(99, let stats)? = script.receive() else { return nil }
        return stats["scenes"]?["board"]
    }

    private static func snapshot(_ script: Client) -> String {
        script.send(.snapshot(id: 98, scene: "board", width: 40, height: 10, markup: false))
        guard case .snapshotText(98, let text)? = script.receive() else { return "" }
        return text
    }

    @Test func viewersPressAndNavigateIndependentlyAndANewOneStartsAtTheInitialState() {
        let (daemon, script) = Self.daemon()
        defer { daemon.shutDown() }
        let first = Window(daemon.socket), second = Window(daemon.socket)
        #expect(first.text == second.text && first.text.contains("pressed 0"))

        first.press(.down)                              // focus: the button
        first.press(.enter)
        #expect(first.text.contains("pressed 1"))
        second.press(.down)
        second.press(.enter)
        #expect(second.text.contains("pressed 1"), "the second viewer's @State is its own:\n\(second.text)")

        first.press(.down)                              // the first job's row
        first.press(.enter)
        #expect(first.text.contains("detail build ok"), "\(first.text)")
        second.pressInert(.escape)                      // nothing pushed in its window
        #expect(second.text.contains("pressed 1") && second.text.contains("build"))

        // Shared data reaches every window, each as it shows it.
        script.send(.set(id: 2, path: "/jobs/a/status", value: "failed"))
        _ = script.receive()
        first.nextFrame()
        second.nextFrame()
        #expect(first.text.contains("detail build failed"), "\(first.text)")
        #expect(second.text.contains("failed") && !second.text.contains("detail"), "\(second.text)")

        let third = Window(daemon.socket)
        #expect(third.text.contains("pressed 0") && !third.text.contains("detail"), "\(third.text)")
        #expect(Self.snapshot(script) == third.text)

        guard case .array(let viewers)? = Self.stats(script)?["viewers"] else { Issue.record("no stats"); return }
        #expect(Self.stats(script)?["graphs"] == 3)
        #expect(viewers.map { $0["view_state"]?.stringValue } == ["own", "own", "shared"])
        #expect(viewers.map { $0["role"]?.stringValue } == ["viewer", "viewer", "viewer"])
        #expect(viewers.map { $0["size"]?.stringValue } == ["40x10", "40x10", "40x10"])
        #expect(viewers.allSatisfy { $0["scene"] == "board" && $0["user"]?.stringValue?.isEmpty == false })

        first.press(.escape)
        #expect(first.text.contains("pressed 1") && !first.text.contains("detail"), "\(first.text)")
    }

    /// Sixteen viewers of one list, three of which pressed their own button: a row's change
    /// evaluates that row once in the graph the thirteen share and once in each of the three.
    @Test func oneRowsChangeEvaluatesItsBodyOncePerDistinctViewState() {
        let (daemon, script) = Self.daemon()
        defer { daemon.shutDown() }
        let windows = (0..<16).map { _ in Window(daemon.socket) }
        for window in windows.prefix(3) {
            window.press(.down)
            window.press(.enter)
        }
        #expect(Self.stats(script)?["graphs"] == 4)
        let before = Self.stats(script)?["bodies"]?.intValue ?? 0
        script.send(.set(id: 2, path: "/jobs/b/status", value: "failed"))
        _ = script.receive()
        for window in windows { window.nextFrame() }
        let after = Self.stats(script)?["bodies"]?.intValue ?? 0
        #expect(after - before == 4, "bodies evaluated for one row's change over 4 distinct view states: \(after - before)")
        #expect(windows.allSatisfy { $0.text.contains("failed") })
    }

    /// `maximumOwnGraphsPerScene`: past it, a key that would give one more viewer a graph of
    /// its own is refused and does nothing; that viewer still moves its focus.
    @Test func pastTheGraphsOfTheirOwnAScenesKeepsAnActIsRefusedAndChangesNothing() {
        let daemon = DaemonThread(configure: { $0.register(scene: "board", WindowBoard()) },
                                  adjusting: { $0.maximumOwnGraphsPerScene = 1 })
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let first = Window(daemon.socket), second = Window(daemon.socket)
        first.press(.down)
        first.press(.enter)
        #expect(first.text.contains("pressed 1"))
        second.press(.down)                             // focus: still its own viewport's
        second.client.send(.input(InputEvent(key: .enter)))
        guard case .error(nil, .limitExceeded, let message, false)? = second.client.receive() else { Issue.record("no refusal"); return }
        #expect(message.contains("board"), "\(message)")
        #expect(second.client.receive(timeout: 0.4) == nil, "no frame: the key did nothing")
        #expect(second.text.contains("pressed 0"))
        #expect(Self.stats(script)?["graphs"] == 2)
        guard case .array(let viewers)? = Self.stats(script)?["viewers"] else { Issue.record("no stats"); return }
        #expect(viewers.map { $0["view_state"]?.stringValue } == ["own", "shared"])
    }

    /// `seeds/likes` keeps its likes in a model the scene is given: what one viewer likes,
    /// every viewer sees, whichever graphs they are on.
    @Test(arguments: ["seeds/likes", "seeds/likes-observed"])
    func aSharedModelChangedInOneWindowReachesEveryWindow(scene: String) {
        let daemon = DaemonThread { $0.register(scenes: BuiltInScenes.all()) }
        defer { daemon.shutDown() }
        let first = Window(daemon.socket, scene: scene, width: 60), second = Window(daemon.socket, scene: scene, width: 60)
        first.press(.tab)
        first.press(.enter)
        second.nextFrame()
        #expect(first.text.contains("♥ 0") && second.text.contains("♥ 0"), "\(second.text)")
        second.press(.tab)
        second.press(.enter)
        first.nextFrame()
        #expect(!first.text.contains("♥ 0") && !second.text.contains("♥ 0"), "\(first.text)")
    }

    @Test func anObserverScrollsAndFollowsLinksButItsControlsAreInertAndDim() {
        let daemon = DaemonThread { $0.register(scene: "board", WindowBoard()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        var jobs = JSONObject()
        for index in 0..<30 { jobs["j\(index)"] = ["name": .string("job\(index)"), "status": "ok"] }
        script.send(.set(id: 1, path: "/jobs", value: .object(jobs)))
        _ = script.receive()
        let observer = Window(daemon.socket, role: .observer, height: 8)
        #expect(!observer.text.contains("job20"))
        #expect(Self.buttonIsDim(observer), "the observer's button is drawn dim")

        observer.press(.down)                           // focus: the button
        observer.pressInert(.enter)                     // inert: no press
        #expect(Self.snapshot(script).contains("pressed 0"))
        observer.press(.down)                           // the first row
        observer.press(.pageDown)                       // the list scrolls by its height
        #expect(observer.text.contains("job5") && !observer.text.contains("job0"), "\(observer.text)")
        observer.press(.end)                            // the last row built, scrolled to
        let last = observer.text.split(separator: "\n").last { $0.contains("job") }.flatMap { $0.split(separator: " ").first } ?? ""
        observer.press(.enter)                          // a link is view state: it follows
        #expect(!last.isEmpty && observer.text.contains("detail \(last) ok"), "\(observer.text)")
        guard case .array(let viewers)? = Self.stats(script)?["viewers"] else { Issue.record("no stats"); return }
        #expect(viewers.first?["role"] == "observer" && viewers.first?["view_state"] == "own")

        // A viewer's button is not dim.
        #expect(!Self.buttonIsDim(Window(daemon.socket, height: 8)))
    }

    /// Whether the cells of the button's label are drawn dim.
    private static func buttonIsDim(_ window: Window) -> Bool {
        let lines = window.screen.grid.lines
        guard let row = lines.firstIndex(where: { $0.hasPrefix("press ") }) else { return false }
        return window.styles[window.screen.grid[row, 0].style]?.attributes.contains(.dim) == true
    }

    @Test func aTraceNamesTheViewerWhoseOwnStateAnEvaluationWasFor() {
        let (daemon, script) = Self.daemon()
        defer { daemon.shutDown() }
        let tracer = Client.hello(daemon.socket)
        tracer.send(.trace(id: 1, scene: "board"))
        _ = tracer.receive()
        let shared = Window(daemon.socket), own = Window(daemon.socket)
        _ = shared
        own.press(.down)
        own.press(.enter)
        guard case .array(let viewers)? = Self.stats(script)?["viewers"],
              let ownID = viewers.first(where: { $0["view_state"] == "own" })?["id"]?.intValue else { Issue.record("no own viewer"); return }
        while tracer.receive(timeout: 0.3) != nil {}
        script.send(.set(id: 2, path: "/jobs/b/status", value: "failed"))
        _ = script.receive()
        var traced: [(view: String, viewer: Int64)] = []
        while let message = tracer.receive(timeout: 0.5) {
            if case .evaluation(_, let view, _, _, let viewer) = message { traced.append((view, viewer)) }
        }
        #expect(traced.filter { $0.view == "JobLine" }.map(\.viewer).sorted() == [0, Int64(ownID)], "\(traced)")
    }

    @Test func whatAViewerTypesIsItsOwnUntilSubmittedToTheStoreWhichEveryoneSees() {
        let daemon = DaemonThread { $0.register(scene: "notes", NoteForm()) }
        defer { daemon.shutDown() }
        let script = Client.hello(daemon.socket)
        let typist = Window(daemon.socket, scene: "notes"), watcher = Window(daemon.socket, scene: "notes")
        let observer = Window(daemon.socket, scene: "notes", role: .observer)
        #expect(typist.text.hasPrefix("note\ndraft:\nlast: -"), "\(typist.text)")
        #expect(!typist.cursor.visible)

        typist.press(.tab)
        #expect(typist.cursor == (0, 0, true) as (Int, Int, Bool), "focus on the field shows the cursor at its caret")
        typist.type("hi")
        #expect(typist.text.hasPrefix("hi\ndraft: hi"), "\(typist.text)")
        #expect(typist.cursor == (0, 2, true) as (Int, Int, Bool))
        typist.press(.left)
        #expect(typist.cursor == (0, 1, true) as (Int, Int, Bool), "a caret move is a frame with only the cursor")
        #expect(watcher.client.receive(timeout: 0.3) == nil, "the draft is the typist's alone: no frame for the other window")

        observer.press(.tab)
        #expect(!observer.cursor.visible, "an observer's fields are inert: no cursor")
        observer.client.send(.input(InputEvent(key: .character, text: "x")))
        #expect(observer.client.receive(timeout: 0.4) == nil, "nor does typing change anything")

        typist.press(.enter)
        #expect(typist.text.hasPrefix("note\ndraft:\nlast: hi"), "submitted: the store has it, the draft is cleared\n\(typist.text)")
        watcher.nextFrame()
        #expect(watcher.text.hasPrefix("note\ndraft:\nlast: hi"), "\(watcher.text)")
        script.send(.get(id: 2, path: "/last"))
        guard case .value(2, let revision, let value)? = script.receive() else { Issue.record("no value"); return }
        #expect(value == "hi" && revision == 1, "one transaction, acknowledged like a client's")
    }
}
