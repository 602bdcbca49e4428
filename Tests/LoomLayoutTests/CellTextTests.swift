@testable import LoomCells
import Testing

/// A cell's text (`CellText`): plain bytes, so rows of cells are copied and compared as memory,
/// and every cluster a layout makes is read back as it was written.
@Suite("A cell's text")
struct CellTextTests {
    @Test func aCellHoldsNoReference() {
        #expect(_isPOD(Cell.self))
        #expect(_isPOD(CellText.self))
        #expect(MemoryLayout<Cell>.stride == 24)
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride, "no padding: equal cells have equal bytes")
    }

    @Test func equalCellsHaveEqualBytesWhateverTheMemoryHeldBefore() {
        let cell = Cell("x", style: StyleID(rawValue: 3))
        for garbage: UInt8 in [0x00, 0xA5, 0xFF] {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: garbage, count: 24)
            memory.bindMemory(to: Cell.self, capacity: 1).initialize(to: cell)
            var copy = cell
            #expect(withUnsafeBytes(of: &copy) { Array($0) } == Array(UnsafeRawBufferPointer(start: memory, count: 24)))
        }
    }

    @Test func clustersUpToFifteenBytesAreStoredInPlaceAndReadBack() {
        let table = LongClusters()
        for text in ["", " ", "a", "é", "e\u{301}", "中", "👍🏽", "🇫🇷", "0️⃣", String(repeating: "x", count: 15), "ab中文字"] {
            let cell = CellText(text)
            #expect(cell.string == text)
            #expect(cell.isEmpty == text.isEmpty)
            #expect(make(text, table) == cell)
        }
        #expect(table.count == 0)
    }

    @Test func aLongClusterIsStoredOnceAndReadBack() {
        let table = LongClusters()
        let family = "👨‍👩‍👧‍👦"   // 25 bytes
        let first = make(family, table), second = make(family, table)
        #expect(first.string(in: table) == family)
        #expect(first == second)
        #expect(table.count == 1)
        #expect(make("🏴󠁧󠁢󠁳󠁣󠁴󠁿", table).string(in: table) == "🏴󠁧󠁢󠁳󠁣󠁴󠁿")
        #expect(table.count == 2)
    }

    @Test func cellsAreEqualWhenTheirBytesAre() {
        #expect(CellText("é") != CellText("e\u{301}"))
        #expect(CellText("é") == CellText("é"))
        let table = LongClusters()
        #expect(make("e" + String(repeating: "\u{301}", count: 8), table) != make("e" + String(repeating: "\u{300}", count: 8), table))
    }

    @Test func pastTheBoundALongClusterKeepsTheWholeScalarsThatFit() {
        let table = LongClusters(maximumCount: 1)
        _ = make("👨‍👩‍👧‍👦", table)
        // The table is full: a new long cluster keeps its base and the marks nearest it.
        let marks = "a" + String(repeating: "\u{301}", count: 10)   // 21 bytes: "a" and ten 2-byte marks
        #expect(make(marks, table).string(in: table) == "a" + String(repeating: "\u{301}", count: 7))
        #expect(make("👩‍👩‍👧‍👦", table).string(in: table) == "👩‍👩‍")   // 4 + 3 + 4 + 3 bytes: the next scalar would pass 15
        #expect(table.count == 1)
        // The one kept still reads back whole.
        #expect(make("👨‍👩‍👧‍👦", table).string(in: table) == "👨‍👩‍👧‍👦")
    }

    @Test func aTextLongerThanACellMayHoldKeepsTheWholeScalarsThatFit() {
        let table = LongClusters()
        // 1 + 40 × 2 bytes: "a" and forty combining acutes; a cell holds 64.
        let text = make("a" + String(repeating: "\u{301}", count: 40), table)
        #expect(text.string(in: table) == "a" + String(repeating: "\u{301}", count: 31))
        #expect(table.count == 1)
    }

    private func make(_ text: String, _ table: LongClusters) -> CellText {
        var text = text
        return text.withUTF8 { CellText(utf8: $0, longClusters: table) }
    }
}
