import LoomCells
import LoomWire

/// A viewer's screen: the daemon's frames applied to a local cell grid, and the terminal's
/// content as last written, so each frame writes only the cells that differ.
///
/// The writer keeps the terminal's cursor and attributes in mind: it moves the cursor only to
/// the start of a changed run (the shortest of CR-LF, forward, or absolute), and sets
/// attributes only when the next cell's style differs from the last one written. Scrolls that
/// span the full width become the terminal's own scroll (a region and SU/SD), so a scrolled
/// list costs its new rows, not a repaint.
public struct TerminalScreen {
    public let depth: ColorDepth
    /// The screen as the daemon's frames describe it.
    public private(set) var model = CellGrid(width: 0, height: 0)
    /// What the terminal shows (nil before the first keyframe: the terminal's content is unknown).
    private var shown: CellGrid?
    private var styles: [UInt32: Style] = [0: .plain]
    /// Full-width scrolls received since the last write, for the terminal to do itself.
    private var pendingScrolls: [GridOperation] = []
    private var cursorRequest: (row: Int, column: Int, visible: Bool) = (0, 0, false)
    /// The terminal's cursor and attributes after the last write: they carry over to the next frame.
    private var pen = Pen()
    /// The rectangles marked by `--highlight-updates` until they expire.
    public var highlights: [GridRect] = [] {
        didSet { for rect in oldValue + highlights { markDirty(rect.row..<rect.maxRow) } }
    }
    /// The columns of each row the frames changed since the last write (nil: none): only they
    /// are compared with the terminal, so a one-cell change costs a few cells, not a row or a
    /// screen.
    private var dirtyColumns: [Range<Int>?] = []
    /// Cells the last write looked at to find what changed: what the tests count.
    public private(set) var comparedCells = 0

    public init(depth: ColorDepth) {
        self.depth = depth
    }

    /// Applies one message of a frame; true at its `flush`, when the frame is whole and can be drawn.
    public mutating func apply(_ message: Message) -> Bool {
        switch message {
        case .keyframe(let width, let height):
            model = CellGrid(width: width, height: height)
            shown = nil
            pendingScrolls = []
            dirtyColumns = Array(repeating: 0..<model.width, count: model.height)
        case .style(let id, let style):
            styles[id.rawValue] = style
        case .grid(let operation):
            model.apply(operation)
            switch operation {
            case .line(let row, let column, let runs):
                // Where the runs end, counted no further than the screen: a daemon's numbers
                // are never computed with past it.
                let end = runs.reduce(max(0, min(column, model.width))) { min(model.width, $0 + max(0, min($1.repeatCount, model.width))) }
                markDirty(row: row, from: column, to: end)
            case .scroll(let top, let bottom, _, _, _): markDirty(top..<bottom)
            }
            if case .scroll(_, _, let left, let right, _) = operation, left <= 0, right >= model.width, shown != nil {
                pendingScrolls.append(operation)
            }
        case .cursor(let row, let column, let visible):
            cursorRequest = (row, column, visible)
        case .highlight(let rects):
            highlights = rects
        case .flush:
            return true
        default:
            break
        }
        return false
    }

    /// Marks whole rows to compare at the next write; rows outside the screen (a highlight that
    /// arrives before its frame's keyframe, a stale rectangle) are ignored.
    private mutating func markDirty(_ rows: Range<Int>) {
        let lower = max(0, rows.lowerBound), upper = min(dirtyColumns.count, rows.upperBound)
        guard lower < upper else { return }
        for row in lower..<upper { markDirty(row: row, from: 0, to: model.width) }
    }

    /// Marks columns `from..<to` of a row (as far as they lie on the screen), and the column on
    /// each side: a wide character whose other half lies just outside is compared (and drawn) whole.
    private mutating func markDirty(row: Int, from: Int, to: Int) {
        guard row >= 0, row < dirtyColumns.count, from <= model.width, to >= 0 else { return }
        let lower = max(1, from) - 1, upper = min(model.width - 1, max(to, from)) + 1
        guard lower < upper else { return }
        dirtyColumns[row] = dirtyColumns[row].map { min($0.lowerBound, lower)..<max($0.upperBound, upper) } ?? lower..<upper
    }

    /// The bytes that take the terminal from what it shows to the model (with any highlights
    /// overlaid), as one write: inside synchronized output (DEC mode 2026) when they touch more
    /// than one run, so the terminal never shows half a frame. Empty when nothing changed.
    public mutating func render() -> [UInt8] {
        var out = ANSIOutput(depth: depth, pen: pen)
        let target = overlaid()
        // The terminal's picture is taken out and changed in place (a copy would cost a screen).
        var current: CellGrid
        if var existing = shown, existing.width == target.width, existing.height == target.height {
            shown = nil
            for case .scroll(let top, let bottom, _, _, let rows) in pendingScrolls {
                out.scroll(top: max(0, top), bottom: min(target.height, bottom), rows: rows, height: target.height)
                existing.scroll(rows: max(0, top)..<min(target.height, bottom), columns: 0..<target.width, by: rows)
                // The terminal fills the rows it uncovers with blanks; so does our picture of it.
                let uncovered = rows > 0 ? max(top, bottom - rows)..<bottom : top..<min(bottom, top - rows)
                existing.fill(GridRect(column: 0, row: uncovered.lowerBound, width: target.width, height: uncovered.count), with: .blank)
            }
            current = existing
        } else {
            out.clearScreen()
            current = CellGrid(width: target.width, height: target.height)
            dirtyColumns = Array(repeating: 0..<target.width, count: target.height)
        }
        pendingScrolls = []
        comparedCells = 0
        var runs = 0
        for row in 0..<target.height {
            guard let columns = dirtyColumns[row] else { continue }
            dirtyColumns[row] = nil
            var column = columns.lowerBound
            while column < min(columns.upperBound, target.width) {
                comparedCells += 1
                guard target[row, column] != current[row, column] else { column += 1; continue }
                runs += 1
                out.move(row: row, column: column)
                while column < target.width, target[row, column] != current[row, column] || target[row, column].isContinuation {
                    let cell = target[row, column]
                    if !cell.isContinuation {
                        out.setStyle(styles[cell.style.rawValue] ?? .plain)
                        out.write(cell.content, width: column + 1 < target.width && target[row, column + 1].isContinuation ? 2 : 1, screenWidth: target.width)
                    }
                    current[row, column] = cell
                    column += 1
                }
            }
        }
        shown = current
        out.placeCursor(cursorRequest, width: target.width, height: target.height)
        pen = out.pen
        return out.finish(synchronized: runs > 1 || out.scrolled)
    }

    /// The model as lines of text with SGR attributes, for printing rather than drawing
    /// (`loom snapshot --ansi`): no cursor movement, attributes reset at the end of each line.
    public func ansiLines() -> String {
        (0..<model.height).map { row in
            var out = ANSIOutput(depth: depth, pen: Pen(style: .plain))
            for cell in model.row(row) where !cell.isContinuation {
                out.setStyle(styles[cell.style.rawValue] ?? .plain)
                out.write(cell.content, width: 1, screenWidth: Int.max)
            }
            out.setStyle(.plain)
            return String(decoding: out.bytes, as: UTF8.self)
        }.joined(separator: "\n")
    }

    /// The model with the highlighted rectangles drawn in the highlight style.
    private mutating func overlaid() -> CellGrid {
        guard !highlights.isEmpty else { return model }
        var grid = model
        for rect in highlights {
            grid.restyle(rect) { id in
                let marked = StyleID(rawValue: id.rawValue | TerminalScreen.highlightBit)
                if styles[marked.rawValue] == nil {
                    var style = styles[id.rawValue] ?? .plain
                    style.background = .named(.magenta)
                    style.foreground = .named(.brightWhite)
                    styles[marked.rawValue] = style
                }
                return marked
            }
        }
        return grid
    }

    /// Local style ids for highlighted cells: the daemon's ids with the top bit set.
    private static let highlightBit: UInt32 = 1 << 31
}
