/// The rows of a screen whose drawing changed since the last frame: what is drawn again and
/// diffed. Whole rows, never parts of rows: a wide cluster never spans rows, so a row drawn
/// again on its own comes out exactly as it would in a drawing of the whole screen.
package struct DamagedRows: Equatable {
    package let height: Int
    private var damaged: [Bool]
    package private(set) var count = 0
    /// Whether drawn content moved to other rows (a row inserted above others, say): only then
    /// can a scroll of the terminal redraw less than the rows themselves.
    package var shifted = false

    package init(height: Int) {
        self.height = max(0, height)
        damaged = Array(repeating: false, count: self.height)
    }

    package static func all(height: Int) -> DamagedRows {
        var rows = DamagedRows(height: height)
        rows.insert(0..<height)
        return rows
    }

    package var isEmpty: Bool { count == 0 }

    package mutating func insert(_ rows: Range<Int>) {
        for row in rows.clamped(to: 0..<height) where !damaged[row] {
            damaged[row] = true
            count += 1
        }
    }

    /// A box placed again over its last placement: where its own drawing changed, the rows it
    /// drew and the rows it draws.
    mutating func insert(replacing old: LayoutBox, with new: LayoutBox) {
        guard !old.drawsLike(new) else { return }
        insert(old.drawnRows)
        insert(new.drawnRows)
    }

    /// No row damaged, nothing shifted; the storage kept (a frame's damage is cleared in place).
    package mutating func removeAll() {
        guard count > 0 || shifted else { return }
        // At once (a step per row of the screen cost a frame as much as drawing a row).
        damaged.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        count = 0
        shifted = false
    }

    package mutating func formUnion(_ other: DamagedRows) {
        precondition(other.height == height, "damage of screens of different heights")
        shifted = shifted || other.shifted
        guard other.count > 0 else { return }
        for row in 0..<height where other.damaged[row] && !damaged[row] {
            damaged[row] = true
            count += 1
        }
    }

    package func contains(_ row: Int) -> Bool { row >= 0 && row < height && damaged[row] }

    /// Each run of consecutive damaged rows, top to bottom.
    package func forEachBand(_ body: (Range<Int>) -> Void) {
        var start: Int?
        for row in 0...height {
            let isDamaged = row < height && damaged[row]
            if isDamaged, start == nil { start = row }
            if !isDamaged, let first = start {
                body(first..<row)
                start = nil
            }
        }
    }
}
