/// One cell of a terminal grid: a cluster (or "" for the right half of a wide one) and a style,
/// with no reference in it (see `CellText`).
///
/// Every one of its 24 bytes is set (the last four always zero), so two cells are equal
/// exactly when their bytes are, and rows are compared as memory (`GridDiff`).
public struct Cell: Sendable, Hashable {
    public var content: CellText
    public var style: StyleID
    /// What would otherwise be padding, left as it was in the memory a cell is stored to.
    private let unused: UInt32 = 0

    public init(_ content: CellText, style: StyleID = .plain) {
        self.content = content
        self.style = style
    }

    public init(_ text: String, style: StyleID = .plain) {
        self.init(CellText(text), style: style)
    }

    /// The cluster as a string.
    public var text: String { content.string }

    public static let blank = Cell(.space)

    /// Bytes of UTF-8 text one cell holds (Protocol/README.md, "Limits"): the longest emoji
    /// sequences in use take about 35. Layout cuts a longer cluster to fit; a viewer's decoder
    /// refuses a longer cell.
    public static let maximumBytes = 64

    /// The right half of a wide cluster (Neovim's convention: an empty cell).
    public var isContinuation: Bool { content.isEmpty }
}

/// A rectangle of cells.
public struct GridRect: Sendable, Hashable {
    public var column, row, width, height: Int

    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxColumn: Int { column + width }
    public var maxRow: Int { row + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func intersection(_ other: GridRect) -> GridRect {
        let column = max(self.column, other.column), row = max(self.row, other.row)
        return GridRect(column: column, row: row, width: min(maxColumn, other.maxColumn) - column, height: min(maxRow, other.maxRow) - row)
    }

    public func contains(column: Int, row: Int) -> Bool {
        column >= self.column && column < maxColumn && row >= self.row && row < maxRow
    }
}

/// A viewer's screen as cells. A wide cluster takes two cells, the second a continuation;
/// writes keep that invariant (overwriting half of a wide cluster blanks the other half), and
/// nothing is drawn outside the clip rectangle.
public struct CellGrid: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    public var bounds: GridRect { GridRect(column: 0, row: 0, width: width, height: height) }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// A row's cells.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        cells[(row * width)..<((row + 1) * width)]
    }

    /// Fills a rectangle (clipped) with one cell.
    /// Only its edge cells can cut a wide cluster that reaches outside: they are written as
    /// single cells, first; the cells between are stored as they are.
    public mutating func fill(_ rect: GridRect, with cell: Cell) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.maxRow {
            write(cell, row: row, column: area.column)
            write(cell, row: row, column: area.maxColumn - 1)
            let start = row * width
            cells.withUnsafeMutableBufferPointer { cells in
                for index in (start + area.column + 1)..<(start + Swift.max(area.column + 1, area.maxColumn - 1)) { cells[index] = cell }
            }
        }
    }

    /// Changes the style of the cells of a rectangle, keeping their text (backgrounds, inverse).
    public mutating func restyle(_ rect: GridRect, _ change: (StyleID) -> StyleID) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.maxRow {
            for column in area.column..<area.maxColumn { self[row, column].style = change(self[row, column].style) }
        }
    }

    /// Sets a cell, blanking the other half of any wide cluster it breaks. (Through the
    /// storage's pointer, checked here once: text is drawn a cell at a time, and each access
    /// through the array checked its bounds and, for a write, that the storage is not shared.)
    public mutating func write(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        let index = row * width + column, width = width
        cells.withUnsafeMutableBufferPointer { cells in
            let old = cells[index]
            // Overwriting the right half of a wide cluster: its left half becomes a space.
            if old.isContinuation, !cell.isContinuation, column > 0 {
                cells[index - 1] = Cell(.space, style: cells[index - 1].style)
            }
            // Overwriting the left half: its right half becomes a space (a new wide cluster writes its own).
            if !old.isContinuation, column + 1 < width, cells[index + 1].isContinuation {
                cells[index + 1] = Cell(.space, style: old.style)
            }
            cells[index] = cell
        }
    }

    /// Moves the rows `rows` of the columns `columns` by `delta` rows (up when positive); the
    /// rows left behind keep their old content (the next line operations redraw them).
    public mutating func scroll(rows: Range<Int>, columns: Range<Int>, by delta: Int) {
        guard delta != 0 else { return }
        let order = delta > 0 ? Array(rows) : Array(rows.reversed())
        for target in order {
            let source = target + delta
            guard rows.contains(source) else { continue }
            for column in columns { self[target, column] = self[source, column] }
        }
    }

    /// The text of each row, continuations dropped, trailing spaces kept.
    public var lines: [String] {
        (0..<height).map { row in Self.text(of: self.row(row)) }
    }

    /// The text of each row without its trailing spaces, as a snapshot shows it: each row is
    /// joined up to its last cell that is not blank, with no walk over characters.
    public var trimmedLines: [String] {
        (0..<height).map { row in
            let cells = self.row(row)
            let end = cells.lastIndex { $0.content != .space }.map { $0 + 1 } ?? cells.startIndex
            return Self.text(of: cells[cells.startIndex..<end])
        }
    }

    /// Cells' clusters joined (a continuation holds none): their bytes gathered into one string,
    /// not a string made for each cell (a snapshot of the largest screen joins 250,000).
    private static func text(of cells: ArraySlice<Cell>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(cells.count)
        for cell in cells { cell.content.withUTF8 { bytes.append(contentsOf: $0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { lines.joined(separator: "\n") }
}
