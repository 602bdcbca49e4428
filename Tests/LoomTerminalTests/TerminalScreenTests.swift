import LoomCells
import LoomGraph
import LoomLayout
import LoomTerminal
import LoomTestSupport
import LoomWire
import Testing

private let styles: [Style] = [.plain, Style(foreground: .named(.red), attributes: .bold), Style(background: .rgb(10, 20, 30)),
                               Style(foreground: .palette(200), attributes: [.underline, .inverse])]

/// The model's cells with their styles resolved, as `TestTerminal.cells()` gives them.
private func resolved(_ grid: CellGrid, overlay: (Int, Int) -> Style? = { _, _ in nil }) -> [[String]] {
    (0..<grid.height).map { row in
        grid.row(row).enumerated().map { column, cell in "\(cell.text)|\(overlay(row, column) ?? styles[Int(cell.style.rawValue)])" }
    }
}

/// A screen that has shown `grid` (a keyframe, the styles, the grid's lines, a flush).
private func screen(showing grid: CellGrid, terminal: inout TestTerminal) -> TerminalScreen {
    var screen = TerminalScreen(depth: .truecolor)
    var messages: [Message] = [.keyframe(width: grid.width, height: grid.height)]
    messages += styles.indices.map { .style(id: StyleID(rawValue: UInt32($0)), style: styles[$0]) }
    messages += GridDiff.keyframe(grid).map { .grid($0) } + [.flush(sequence: 1)]
    for message in messages { _ = screen.apply(message) }
    terminal.feed(screen.render())
    return screen
}

private func frame(_ operations: [GridOperation], on screen: inout TerminalScreen) -> [UInt8] {
    for operation in operations { _ = screen.apply(.grid(operation)) }
    let flushed = screen.apply(.flush(sequence: 2))
    #expect(flushed)
    return screen.render()
}

@Suite("The viewer's screen and its ANSI output")
struct TerminalScreenTests {
    @Test func aTerminalFedTheOutputOfRandomFramesShowsExactlyTheModel() {
        var generator = SplitMix(state: 6)
        for round in 0..<500 {
            let width = Int.random(in: 1...24, using: &generator), height = Int.random(in: 1...8, using: &generator)
            let old = randomGrid(width: width, height: height, using: &generator)
            var new = round % 4 == 0 ? old : randomGrid(width: width, height: height, using: &generator)
            if round % 3 == 0 { new.scroll(rows: 0..<height, columns: 0..<width, by: round % 2 == 0 ? 1 : -1) }
            var terminal = TestTerminal(width: width, height: height)
            var screen = screen(showing: old, terminal: &terminal)
            #expect(terminal.cells() == resolved(old), "round \(round), first frame")
            terminal.feed(frame(GridDiff.diff(from: old, to: new, scrollRegions: round % 2 == 0 ? [new.bounds] : []), on: &screen))
            #expect(terminal.cells() == resolved(new), "round \(round)")
            if terminal.cells() != resolved(new) { break }
        }
    }

    @Test func aOneCellChangeWritesOneCursorMoveAndTheCellWithoutSynchronizedOutput() {
        var terminal = TestTerminal(width: 80, height: 24)
        var screen = screen(showing: CellGrid(width: 80, height: 24), terminal: &terminal)
        let bytes = frame([.line(row: 11, column: 33, runs: [CellRun("x")])], on: &screen)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[12;34Hx")
        #expect(screen.comparedCells <= 3, "the cell and its neighbours are looked at, not the row: \(screen.comparedCells)")
    }

    @Test func cursorMovesWritePositionsOfEveryLengthInDecimal() {
        var terminal = TestTerminal(width: 1_200, height: 120)
        var screen = screen(showing: CellGrid(width: 1_200, height: 120), terminal: &terminal)
        #expect(String(decoding: frame([.line(row: 109, column: 999, runs: [CellRun("x")])], on: &screen), as: UTF8.self) == "\u{1B}[110;1000Hx")
        #expect(String(decoding: frame([.line(row: 109, column: 1_010, runs: [CellRun("y")])], on: &screen), as: UTF8.self) == "\u{1B}[10Cy")
        #expect(String(decoding: frame([.line(row: 0, column: 0, runs: [CellRun("z")])], on: &screen), as: UTF8.self) == "\u{1B}[1;1Hz")
    }

    @Test func theCursorShowsWhereTheDaemonPutsItAndGoesBackThereAfterEachFrame() {
        var terminal = TestTerminal(width: 80, height: 24)
        var screen = screen(showing: CellGrid(width: 80, height: 24), terminal: &terminal)
        _ = screen.apply(.cursor(row: 2, column: 7, visible: true))
        #expect(String(decoding: frame([], on: &screen), as: UTF8.self) == "\u{1B}[3;8H\u{1B}[?25h")
        _ = screen.apply(.cursor(row: 2, column: 8, visible: true))
        let typed = String(decoding: frame([.line(row: 2, column: 7, runs: [CellRun("a")])], on: &screen), as: UTF8.self)
        #expect(typed == "a", "a character typed at the caret: the write leaves the cursor where the caret moved")
        let elsewhere = String(decoding: frame([.line(row: 20, column: 0, runs: [CellRun("b")])], on: &screen), as: UTF8.self)
        #expect(elsewhere == "\u{1B}[21;1Hb\u{1B}[3;9H", "after a write elsewhere, back to the caret")
        _ = screen.apply(.cursor(row: 2, column: 8, visible: false))
        #expect(String(decoding: frame([], on: &screen), as: UTF8.self) == "\u{1B}[?25l")
    }

    @Test func aFrameOfSeveralRunsIsOneSynchronizedUpdate() {
        var terminal = TestTerminal(width: 80, height: 24)
        var screen = screen(showing: CellGrid(width: 80, height: 24), terminal: &terminal)
        let text = String(decoding: frame([.line(row: 1, column: 0, runs: [CellRun("a")]), .line(row: 5, column: 0, runs: [CellRun("b")])], on: &screen), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h") && text.hasSuffix("\u{1B}[?2026l"))
    }

    @Test func anUnchangedFrameWritesNothing() {
        var generator = SplitMix(state: 1)
        let grid = randomGrid(width: 30, height: 10, using: &generator)
        var terminal = TestTerminal(width: 30, height: 10)
        var screen = screen(showing: grid, terminal: &terminal)
        #expect(frame(GridDiff.keyframe(grid), on: &screen).isEmpty)
    }

    @Test func attributesAreSentOnlyWhenTheStyleChanges() {
        var terminal = TestTerminal(width: 40, height: 2)
        var screen = screen(showing: CellGrid(width: 40, height: 2), terminal: &terminal)
        // Four runs of two styles on one row: four SGR sequences, whatever the run lengths.
        let runs = [CellRun("a", style: StyleID(rawValue: 1), repeatCount: 5), CellRun("b", style: StyleID(rawValue: 2), repeatCount: 7),
                    CellRun("c", style: StyleID(rawValue: 1), repeatCount: 3), CellRun("d", style: StyleID(rawValue: 2), repeatCount: 2)]
        var counting = TestTerminal(width: 40, height: 2)
        counting.feed(frame([.line(row: 1, column: 5, runs: runs)], on: &screen))
        #expect(counting.sequences["m"] == 4)
        #expect(counting.sequences["H"] == 1, "one cursor move for one run of changed cells")
    }

    @Test func aFullWidthScrollIsTheTerminalsOwnScrollPlusTheNewRow() {
        var grid = CellGrid(width: 40, height: 10)
        for row in 0..<10 { grid.put(Cluster.clusters(of: "row \(row) " + String(repeating: "=", count: 20)), style: .plain, row: row, column: 0, clip: grid.bounds) }
        var terminal = TestTerminal(width: 40, height: 10)
        var screen = screen(showing: grid, terminal: &terminal)
        var scrolled = grid
        scrolled.scroll(rows: 0..<10, columns: 0..<40, by: 1)
        scrolled.fill(GridRect(column: 0, row: 9, width: 40, height: 1), with: .blank)
        scrolled.put(Cluster.clusters(of: "row 10"), style: .plain, row: 9, column: 0, clip: scrolled.bounds)
        let bytes = frame(GridDiff.diff(from: grid, to: scrolled, scrollRegions: [scrolled.bounds]), on: &screen)
        terminal.feed(bytes)
        #expect(terminal.cells() == resolved(scrolled))
        #expect(terminal.sequences["S"] == 1)
        #expect(bytes.count < 40, "a scroll and one short row, not a repaint (\(bytes.count) bytes)")
    }

    @Test func highlightedRectanglesAreMarkedUntilTheyAreCleared() {
        var grid = CellGrid(width: 10, height: 3)
        grid.put(Cluster.clusters(of: "hello"), style: .plain, row: 1, column: 0, clip: grid.bounds)
        var terminal = TestTerminal(width: 10, height: 3)
        var screen = screen(showing: grid, terminal: &terminal)
        let rect = GridRect(column: 0, row: 1, width: 5, height: 1)
        _ = screen.apply(.highlight(rects: [rect]))
        terminal.feed(frame([], on: &screen))
        let marked = Style(foreground: .named(.brightWhite), background: .named(.magenta))
        #expect(terminal.cells() == resolved(grid) { row, column in rect.contains(column: column, row: row) ? marked : nil })
        screen.highlights = []
        terminal.feed(screen.render())
        #expect(terminal.cells() == resolved(grid))
    }

    @Test func rectanglesOutsideTheScreenOrBeforeItsKeyframeAreIgnored() {
        var screen = TerminalScreen(depth: .truecolor)
        // A frame's highlight comes before its keyframe: there is no screen yet.
        for message: Message in [.highlight(rects: [GridRect(column: 0, row: 3, width: 5, height: 2)]), .keyframe(width: 10, height: 4),
                                 .grid(.line(row: 3, column: 0, runs: [CellRun("x")])), .grid(.scroll(top: 2, bottom: 9, left: 0, right: 10, rows: 1)),
                                 .flush(sequence: 1)] {
            _ = screen.apply(message)
        }
        screen.highlights = [GridRect(column: 0, row: 40, width: 5, height: 2)]
        var terminal = TestTerminal(width: 10, height: 4)
        terminal.feed(screen.render())
        #expect(Snapshot.text(terminal.grid) == Snapshot.text(screen.model))
    }

    @Test(arguments: [(ColorDepth.truecolor, "\u{1B}[0;38;2;255;0;0m"), (.palette256, "\u{1B}[0;38;5;196m"), (.basic16, "\u{1B}[0;91m")])
    func colorsAreSentAtTheTerminalsDepth(depth: ColorDepth, expected: String) {
        var screen = TerminalScreen(depth: depth)
        for message: Message in [.keyframe(width: 4, height: 1), .style(id: StyleID(rawValue: 1), style: Style(foreground: .rgb(255, 0, 0))),
                                 .grid(.line(row: 0, column: 0, runs: [CellRun("x", style: StyleID(rawValue: 1))])), .flush(sequence: 1)] {
            _ = screen.apply(message)
        }
        #expect(String(decoding: screen.render(), as: UTF8.self).contains(expected + "x"))
    }

    /// SwiftUI's system colours are RGB; each depth shows its nearest (xterm's 208 is orange;
    /// among the 16, yellow).
    @Test(arguments: [(ColorDepth.truecolor, "\u{1B}[0;38;2;255;149;0m"), (.palette256, "\u{1B}[0;38;5;208m"), (.basic16, "\u{1B}[0;33m")])
    func swiftUIsColorsAreShownAtTheTerminalsDepth(depth: ColorDepth, expected: String) {
        var screen = TerminalScreen(depth: depth)
        for message: Message in [.keyframe(width: 4, height: 1), .style(id: StyleID(rawValue: 1), style: Style(foreground: .orange)),
                                 .grid(.line(row: 0, column: 0, runs: [CellRun("x", style: StyleID(rawValue: 1))])), .flush(sequence: 1)] {
            _ = screen.apply(message)
        }
        #expect(String(decoding: screen.render(), as: UTF8.self).contains(expected + "x"))
    }

    @Test func colorsFromComponentsAndOpacityAsSwiftUIsOverADarkBackground() {
        #expect(Color(red: 1, green: 0.5, blue: 0) == .rgb(255, 128, 0))
        #expect(Color(red: 2, green: -1, blue: .nan) == .rgb(255, 0, 0), "clamped; NaN is 0")
        #expect(Color.orange.opacity(0.5) == .rgb(128, 75, 0))
        #expect(Color.orange.opacity(.infinity) == .orange)
        #expect(Color.red.opacity(0.2) == .red, "a named colour is the terminal theme's: kept")
    }

    @Test func theColorDepthComesFromCOLORTERMThenTERM() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .truecolor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"]) == .truecolor)
        #expect(ColorDepth.detect(environment: ["TERM": "tmux-256color"]) == .palette256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .basic16)
        #expect(ColorDepth(argument: "256") == .palette256)
        #expect(ColorDepth(argument: "many") == nil)
    }
}
