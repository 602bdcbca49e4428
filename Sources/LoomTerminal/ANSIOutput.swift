import LoomCells

/// What the terminal's state is, as far as the viewer knows: where its cursor is, which
/// attributes are set, whether the cursor shows. Nil means unknown (before the first write;
/// after writing the last column, where terminals differ; after setting a scroll region).
struct Pen {
    var cursor: (row: Int, column: Int)?
    var style: Style?
    var cursorVisible = false
}

/// The ANSI bytes of one frame, with the terminal's cursor and attributes tracked so nothing
/// is sent twice.
struct ANSIOutput {
    let depth: ColorDepth
    private(set) var bytes: [UInt8] = []
    private(set) var pen: Pen
    private(set) var scrolled = false

    private var cursor: (row: Int, column: Int)? {
        get { pen.cursor }
        set { pen.cursor = newValue }
    }

    private var style: Style? {
        get { pen.style }
        set { pen.style = newValue }
    }

    init(depth: ColorDepth, pen: Pen) {
        self.depth = depth
        self.pen = pen
        // A small frame's bytes in one allocation, not one per doubling.
        bytes.reserveCapacity(Self.initialCapacity)
    }

    /// Bytes a frame's buffer starts with room for: a few changed runs' moves, styles and text.
    static let initialCapacity = 256

    mutating func clearScreen() {
        setStyle(.plain)
        append("\u{1B}[H\u{1B}[2J")
        cursor = (0, 0)
    }

    /// The terminal's own scroll of rows `top..<bottom` by `rows` (up when positive); the whole
    /// screen needs no scroll region (SU and SD leave the cursor where it is).
    mutating func scroll(top: Int, bottom: Int, rows: Int, height: Int) {
        guard rows != 0, bottom > top else { return }
        setStyle(.plain)  // uncovered rows take the current background
        let count = abs(rows) == 1 ? "" : String(abs(rows))
        let shift = "\u{1B}[\(count)\(rows > 0 ? "S" : "T")"
        if top == 0 && bottom == height {
            append(shift)
        } else {
            append("\u{1B}[\(top + 1);\(bottom)r" + shift + "\u{1B}[r")
            cursor = nil  // DECSTBM homes the cursor
        }
        scrolled = true
    }

    /// Moves the cursor the shortest way it knows. Every frame does it, so the sequence is
    /// written byte by byte (no string is built for it).
    mutating func move(row: Int, column: Int) {
        if let cursor, cursor.row == row, cursor.column == column { return }
        if let cursor, cursor.row == row, column > cursor.column {
            bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
            if column - cursor.column != 1 { appendDecimal(column - cursor.column) }
            bytes.append(UInt8(ascii: "C"))
        } else if column == 0, let cursor, cursor.row + 1 == row {
            append("\r\n")
        } else {
            bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
            appendDecimal(row + 1)
            bytes.append(UInt8(ascii: ";"))
            appendDecimal(column + 1)
            bytes.append(UInt8(ascii: "H"))
        }
        cursor = (row, column)
    }

    /// The decimal digits of a cell position (never negative on a screen; 0 if it were), most
    /// significant first.
    private mutating func appendDecimal(_ value: Int) {
        let value = max(0, value)
        var scale = 1
        while scale <= value / 10 { scale *= 10 }
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / scale % 10))
            scale /= 10
        }
    }

    mutating func setStyle(_ next: Style) {
        guard next != style else { return }
        var parameters = ["0"]
        let names: [(Style.Attributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.inverse, "7"), (.strikethrough, "9")]
        for (attribute, code) in names where next.attributes.contains(attribute) { parameters.append(code) }
        if let foreground = next.foreground { parameters.append(depth.parameters(foreground, background: false)) }
        if let background = next.background { parameters.append(depth.parameters(background, background: true)) }
        append(parameters == ["0"] ? "\u{1B}[m" : "\u{1B}[\(parameters.joined(separator: ";"))m")
        style = next
    }

    /// Writes a cell's cluster, which takes `width` cells.
    mutating func write(_ text: CellText, width: Int, screenWidth: Int) {
        text.withUTF8 { bytes.append(contentsOf: $0) }
        guard let current = cursor else { return }
        let column = current.column + width
        cursor = column >= screenWidth ? nil : (current.row, column)
    }

    /// Shows the cursor where the scene put it (a focused text field), or keeps it hidden.
    mutating func placeCursor(_ request: (row: Int, column: Int, visible: Bool), width: Int, height: Int) {
        let show = request.visible && request.row < height && request.column < width
        if show { move(row: request.row, column: request.column) }
        if show != pen.cursorVisible { append(show ? "\u{1B}[?25h" : "\u{1B}[?25l") }
        pen.cursorVisible = show
    }

    mutating func finish(synchronized: Bool) -> [UInt8] {
        guard !bytes.isEmpty, synchronized else { return bytes }
        return Array("\u{1B}[?2026h".utf8) + bytes + Array("\u{1B}[?2026l".utf8)
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
