import LoomCells
import LoomGraph
import LoomLayout

/// A small terminal emulator for the tests: it interprets what the viewer writes (cursor
/// positioning, CUF, CR-LF, clear, SGR, scroll regions with SU/SD, synchronized output) into a
/// cell grid, so a test can compare what a terminal would show with the viewer's model.
struct TestTerminal {
    private(set) var grid: CellGrid
    let styles = StyleTable()
    private var row = 0, column = 0
    private var style = Style.plain
    private var region: Range<Int>
    /// Control sequences seen, by final byte (`H`, `C`, `m`, `S`, …), for the tests that count them.
    private(set) var sequences: [Character: Int] = [:]

    init(width: Int, height: Int) {
        grid = CellGrid(width: width, height: height)
        region = 0..<height
    }

    mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var pendingText = ""
        func flushText() {
            for cluster in Cluster.clusters(of: pendingText) {
                grid.put(cluster, style: styles.id(for: style), row: row, column: column, clip: grid.bounds)
                column += cluster.width
            }
            pendingText = ""
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                flushText()
                index = scalars.index(after: index)
                precondition(scalars[index] == "[", "only CSI sequences are written")
                index = scalars.index(after: index)
                var parameters = ""
                while !(0x40...0x7E).contains(scalars[index].value) {
                    parameters.unicodeScalars.append(scalars[index])
                    index = scalars.index(after: index)
                }
                control(Character(scalars[index]), parameters)
            } else if scalar == "\r" {
                flushText()
                column = 0
            } else if scalar == "\n" {
                flushText()
                row += 1
            } else {
                pendingText.unicodeScalars.append(scalar)
            }
            index = scalars.index(after: index)
        }
        flushText()
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        sequences[final, default: 0] += 1
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            row = (numbers.first.flatMap { $0 } ?? 1) - 1
            column = (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1
        case "C":
            column += numbers.first.flatMap { $0 } ?? 1
        case "J":
            grid = CellGrid(width: grid.width, height: grid.height)
        case "r":
            region = numbers.count == 2 ? (numbers[0]! - 1)..<numbers[1]! : 0..<grid.height
            row = 0
            column = 0
        case "S", "T":
            let count = (numbers.first.flatMap { $0 } ?? 1) * (final == "S" ? 1 : -1)
            grid.scroll(rows: region, columns: 0..<grid.width, by: count)
            let uncovered = count > 0 ? (region.upperBound - count)..<region.upperBound : region.lowerBound..<(region.lowerBound - count)
            grid.fill(GridRect(column: 0, row: uncovered.lowerBound, width: grid.width, height: uncovered.count), with: Cell(" ", style: styles.id(for: Style(background: style.background))))
        case "m":
            style = Self.style(from: numbers.map { $0 ?? 0 })
        case "h", "l":
            break  // private modes: synchronized output, cursor visibility
        default:
            preconditionFailure("unexpected control sequence \(parameters)\(final)")
        }
    }

    /// The style an SGR sequence sets (every sequence the viewer writes starts from a reset).
    private static func style(from codes: [Int]) -> Style {
        var style = Style.plain
        var index = 0
        func color(_ at: inout Int) -> Color {
            if codes[at + 1] == 5 { defer { at += 2 }; return .palette(UInt8(codes[at + 2])) }
            defer { at += 4 }
            return .rgb(UInt8(codes[at + 2]), UInt8(codes[at + 3]), UInt8(codes[at + 4]))
        }
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.inverse)
            case 9: style.attributes.insert(.strikethrough)
            case 30...37: style.foreground = .named(Color.Named(rawValue: UInt8(code - 30))!)
            case 90...97: style.foreground = .named(Color.Named(rawValue: UInt8(code - 90 + 8))!)
            case 40...47: style.background = .named(Color.Named(rawValue: UInt8(code - 40))!)
            case 100...107: style.background = .named(Color.Named(rawValue: UInt8(code - 100 + 8))!)
            case 38: style.foreground = color(&index)
            case 48: style.background = color(&index)
            default: break
            }
            index += 1
        }
        return style
    }

    /// Each cell as its text and resolved style, for comparison with a model and its styles.
    func cells() -> [[String]] {
        (0..<grid.height).map { row in grid.row(row).map { "\($0.text)|\(styles[$0.style])" } }
    }
}
