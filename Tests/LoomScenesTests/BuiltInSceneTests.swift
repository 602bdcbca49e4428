import LoomGraph
import LoomJSON
import LoomLayout
@testable import LoomScenes
import LoomStore
import LoomStoreViews
import Testing

/// A scene mounted with a store and one viewport, as the daemon mounts it.
private struct Mounted {
    let store = Store()
    let renderer: SceneRenderer
    let viewport: Viewport

    init<Root: View>(_ root: Root, width: Int = 100, height: Int = 30) {
        renderer = SceneRenderer(graph: ViewGraph(root.environment(\.store, store)))
        viewport = renderer.addViewport(size: Size(width: width, height: height))
        _ = renderer.render()
    }

    var graph: ViewGraph { renderer.graph }
    var text: String { Snapshot.text(viewport.grid) }

    /// Bodies evaluated, per view type's name, by `change` and the frame after it.
    func bodies(after change: () throws -> Void) rethrows -> [String: Int] {
        graph.resetWorkCounters()
        try change()
        _ = renderer.render()
        var counts: [String: Int] = [:]
        let types: [any View.Type] = [Dashboard.self, JobList.self, JobRow.self, StatusCounts.self, HostsLine.self, HostBadge.self, LogTail.self,
                                      LogLine.self, ProgressBar.self, ObservingCell.self, ValueCell.self, LikesScene.self, LikesObservedScene.self]
        for type in types where graph.counters(of: type).bodies > 0 {
            counts[String(describing: type)] = graph.counters(of: type).bodies
        }
        return counts
    }

    func set(_ path: String, _ json: String) throws {
        try store.set(try JSONParser.parse(json), at: try JSONPointer(path))
    }
}

@Suite("The built-in scenes")
struct BuiltInSceneTests {
    private func board(width: Int = 100) throws -> Mounted {
        let board = Mounted(Dashboard(), width: width)
        try board.set("/hosts", #"{"web-1": {"up": true, "load": 0.4}, "db-1": {"up": false}}"#)
        try board.set("/log", #"["one", "two", "three", "four", "five", "six"]"#)
        try board.set("/jobs", #"{"b-1": {"name": "build", "status": "running", "progress": 0.5}, "t-1": {"name": "test", "status": "failed"}, "d-1": {"name": "deploy", "status": "weird"}}"#)
        _ = board.renderer.render()
        return board
    }

    @Test func theDashboardShowsCountsHostsJobsInInsertionOrderAndTheLastFiveLogLines() throws {
        let lines = try board().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("Loom · operations") && lines[0].hasSuffix("queued 0  running 1  ok 0  failed 1"))
        #expect(lines[1] == "hosts  ● web-1 0.40  ○ db-1 down")
        let jobs = lines.filter { $0.contains("build") || $0.contains("test") || $0.contains("deploy") }
        #expect(jobs.count == 3)
        #expect(jobs[0].hasPrefix("▸ running build") && jobs[0].contains("██████████░░░░░░░░░░  50%"))
        #expect(jobs[1].hasPrefix("✗ failed  test"))
        #expect(jobs[2].hasPrefix("? weird   deploy"), "an unknown status is shown as it is, marked")
        #expect(Array(lines.suffix(5)) == ["two", "three", "four", "five", "six"])
    }

    @Test func onANarrowScreenTheCountsStayWholeAndEachJobKeepsOneRow() throws {
        let lines = try board(width: 40).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasSuffix("queued 0  running 1  ok 0  failed 1"), "the title gives way, not the counts")
        #expect(lines[0].hasPrefix("Lo…"))
        let running = try #require(lines.firstIndex { $0.hasPrefix("▸ running") })
        #expect(lines[running].contains("██████████░░░░░░░░░░  50%"), "the bar keeps its width")
        #expect(lines[running + 1].hasPrefix("✗ failed") && lines[running + 2].hasPrefix("? weird"), "and each job its one line")
    }

    /// A crowded board on small and large screens: 30 hosts flow into at most two lines, each
    /// badge whole, the rest counted (`+N more`); the job list keeps three rows before the log
    /// gives up its lines.
    @Test(arguments: [(30, 8), (60, 20), (200, 50)])
    func aCrowdedBoardKeepsBadgesWholeAndTheJobListVisible(width: Int, height: Int) throws {
        let board = Mounted(Dashboard(), width: width, height: height)
        var hosts = JSONObject()
        for index in 0..<30 { hosts["host-" + (index < 10 ? "0" : "") + String(index)] = index % 5 == 0 ? ["up": false] : ["up": true, "load": .double(Double(index) / 37)] }
        try board.store.set(.object(hosts), at: JSONPointer("/hosts"))
        try board.set("/log", #"["one", "two", "three", "four", "five", "six"]"#)
        try board.set("/jobs", #"{"b-1": {"name": "build", "status": "running"}, "t-1": {"name": "test", "status": "failed"}, "d-1": {"name": "deploy", "status": "queued"}, "l-1": {"name": "lint", "status": "ok"}}"#)
        _ = board.renderer.render()
        let lines = board.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == height)
        // Every badge shown is whole: its mark, its name and its state on one line.
        let badge = #/[●○] host-\d\d( \d\.\d\d| down)/#
        let hostLines = lines.filter { $0.contains("host-") || $0.contains("more") }
        #expect(hostLines.count <= 2, "\(hostLines)")
        let shown = hostLines.reduce(0) { $0 + $1.matches(of: badge).count }
        #expect(shown == hostLines.reduce(0) { $0 + $1.matches(of: #/host-/#).count }, "a badge cut: \(hostLines)")
        let more = hostLines.last?.firstMatch(of: #/\+(\d+) more/#).flatMap { Int($0.1) } ?? 0
        #expect(shown + more == 30, "every host is shown or counted: \(shown) + \(more)")
        #expect(shown >= 1)
        // The job list keeps its rows.
        let jobRows = lines.filter { ["▸", "✗", "·", "✓"].contains($0.first.map(String.init) ?? "") }
        #expect(jobRows.count >= 3, "the list keeps three rows: \(lines)")
        if height >= 20 {
            #expect(jobRows.count == 4 && Array(lines.suffix(5)) == ["two", "three", "four", "five", "six"], "\(lines)")
        }
    }

    @Test func aJobsProgressReevaluatesThatRowAlone() throws {
        let board = try board()
        let bodies = try board.bodies { try board.set("/jobs/b-1/progress", "0.75") }
        #expect(bodies == ["JobRow": 1, "ProgressBar": 1])
        #expect(board.text.contains("███████████████░░░░░  75%"))
    }

    @Test func aJobsStatusReevaluatesItsRowAndTheCountsAlone() throws {
        let board = try board()
        let bodies = try board.bodies { try board.set("/jobs/t-1/status", #""ok""#) }
        #expect(bodies == ["JobRow": 1, "StatusCounts": 1])
        #expect(board.text.contains("ok 1  failed 0"))
    }

    @Test func aNewLogLineReevaluatesTheLogAndTheNewLineAlone() throws {
        let board = try board()
        let bodies = try board.bodies { try board.store.apply([.add(JSONPointer("/log/-"), "seven")]) }
        #expect(bodies["JobRow"] == nil && bodies["StatusCounts"] == nil && bodies["HostsLine"] == nil)
        #expect(bodies["LogTail"] == 1)
        #expect(board.text.hasSuffix("seven"))
    }

    @Test func enterOnAJobOpensItsDetailAndEscapeComesBack() throws {
        let board = try board()
        #expect(board.viewport.handle(.down, in: board.renderer.graph))
        #expect(board.viewport.handle(.enter, in: board.renderer.graph))
        _ = board.renderer.render()
        #expect(board.text.hasPrefix("job b-1"))
        #expect(board.text.contains("status    running"))
        #expect(board.viewport.handle(.escape, in: board.renderer.graph))
        _ = board.renderer.render()
        #expect(board.text.hasPrefix("Loom · operations"))
    }

    @Test func theObservedObjectPitfallReevaluatesEveryVisibleCellAndTheFixOne() throws {
        let observed = Mounted(LikesObservedScene(), height: 20)
        let pitfall = observed.bodies { observed.graph.controls().first { $0.label == "♡ 0" }?.perform(.activate) }
        #expect((pitfall["ObservingCell"] ?? 0) >= 9, "every visible cell: \(pitfall)")

        let fixed = Mounted(LikesScene(), height: 20)
        let fix = fixed.bodies { fixed.graph.controls().first { $0.label == "♡ 0" }?.perform(.activate) }
        #expect(fix["ValueCell"] == 1, "one cell: \(fix)")
        #expect(fixed.text.contains("♥ 0"))
    }

    @Test(arguments: ["seeds/stores", "seeds/collapsable", "seeds/pickers", "seeds/environment"])
    func everySeedSceneRendersItsTitle(name: String) throws {
        let titles = ["seeds/stores": "seed 000", "seeds/collapsable": "seed 003", "seeds/pickers": "seed 004", "seeds/environment": "environment:"]
        let scene = try #require(BuiltInScenes.all().first { $0.name == name }, "loomd serves \(name)")
        let text = Mounted(scene.root).text
        #expect(text.hasPrefix(titles[name]!), "\(text)")
    }
}
