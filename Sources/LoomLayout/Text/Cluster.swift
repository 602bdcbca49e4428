import CUTF8Proc
import LoomCells

/// One user-perceived character (an extended grapheme cluster) and the terminal cells it takes.
///
/// Segmentation and widths come from utf8proc (UAX #29 with emoji sequences, East Asian
/// Width). A cluster is never split: `e` + combining acute is one cell, a ZWJ family or a flag
/// is one cluster of two cells.
package struct Cluster: Sendable, Hashable, CustomStringConvertible {
    /// What its cell holds: made once, when the text is segmented, and copied into the grid as
    /// it is each time the text is drawn.
    package let content: CellText
    /// 1 or 2 cells (a byte: the cluster stays 24 bytes with its run).
    private let cells: UInt8
    /// The run of a styled text the cluster belongs to (`StyledText`); 0 in a plain text.
    package var run: UInt16 = 0
    /// Whether it is a space, where lines break: asked of every cluster each time a text is
    /// broken or compared (`breaksAlike`), so found once, when it is made (it fits in the
    /// cluster's padding).
    package let isSpace: Bool

    package init(text: String, width: Int) {
        self.content = CellText(text)
        self.cells = UInt8(truncatingIfNeeded: width)
        self.isSpace = content == .space
    }

    package var text: String { content.string }

    /// 1 or 2 cells.
    package var width: Int { Int(cells) }


    /// The same cluster in another run.
    func inRun(_ run: UInt16) -> Cluster {
        var cluster = self
        cluster.run = run
        return cluster
    }

    package var description: String { text }

    package static let space = Cluster(text: " ", width: 1)
    package static let ellipsis = Cluster(text: "…", width: 1)

    // Box drawing and control decorations, made once (all one cell wide).
    static let horizontalLine = Cluster(text: "─", width: 1)
    static let verticalLine = Cluster(text: "│", width: 1)
    static let topLeft = Cluster(text: "┌", width: 1)
    static let topRight = Cluster(text: "┐", width: 1)
    static let bottomLeft = Cluster(text: "└", width: 1)
    static let bottomRight = Cluster(text: "┘", width: 1)

    /// The lines as a mark's clusters, made once: a list places a separator per row in view
    /// in every layout of it, and an array literal would allocate one each time.
    static let horizontalLineRun = [horizontalLine]
    static let verticalLineRun = [verticalLine]

    /// Each printable ASCII character (space to tilde) as a cluster, made once.
    private static let printableASCII = (0x20..<0x7F).map { Cluster(text: String(UnicodeScalar(UInt8($0))), width: 1) }

    /// Clusters of ASCII or box-drawing text known to be one cell each (no segmentation).
    static func cells(_ text: String) -> [Cluster] {
        text.map { Cluster(text: String($0), width: 1) }
    }

    /// The clusters of `text`, with control characters (tabs, newlines, escapes) left out:
    /// callers split lines first; a terminal must never receive raw control characters from data.
    package static func clusters(of text: String) -> [Cluster] {
        // Printable ASCII, the common case, is one cell per byte: no segmentation needed (a
        // combining mark or ZWJ that would join two characters is never ASCII).
        if let ascii = printableASCIIClusters(of: text) { return ascii }
        var clusters: [Cluster] = []
        var current: [Unicode.Scalar] = []
        var state: utf8proc_int32_t = 0
        var previous: utf8proc_int32_t = -1
        func flush() {
            defer { current.removeAll(keepingCapacity: true) }
            cutToCellLimit(&current)
            guard let width = width(of: current) else { return }
            var string = String()
            string.unicodeScalars.append(contentsOf: current)
            clusters.append(Cluster(text: string, width: width))
        }
        for scalar in text.unicodeScalars {
            let code = utf8proc_int32_t(bitPattern: scalar.value)
            if previous >= 0 && utf8proc_grapheme_break_stateful(previous, code, &state) {
                flush()
            }
            current.append(scalar)
            previous = code
        }
        flush()
        return clusters
    }

    /// The clusters of a text of printable ASCII, in one pass over its bytes (a String's
    /// element-by-element views cost tens of instructions a byte); nil for any other text.
    private static func printableASCIIClusters(of text: String) -> [Cluster]? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> [Cluster]? in
            guard bytes.allSatisfy({ $0 &- 0x20 < 0x5F }) else { return nil }
            var clusters: [Cluster] = []
            clusters.reserveCapacity(bytes.count)
            for byte in bytes { clusters.append(printableASCII[Int(byte &- 0x20)]) }
            return clusters
        } ?? nil
    }

    /// A cluster longer than a cell may hold (`Cell.maximumBytes`: "e" and 40 combining accents
    /// are one cluster of 81 bytes) keeps its first scalars, as many as fit: the base character
    /// and the marks nearest it. The scalars cut are marks that would stack past legibility
    /// anyway; a viewer is never sent a cell its decoder must refuse.
    private static func cutToCellLimit(_ scalars: inout [Unicode.Scalar]) {
        var bytes = 0
        for (index, scalar) in scalars.enumerated() {
            bytes += UTF8.width(scalar)
            if bytes > Cell.maximumBytes { return scalars.removeSubrange(index...) }
        }
    }

    /// Cells of a cluster; nil for control characters, which are not drawn.
    private static func width(of scalars: [Unicode.Scalar]) -> Int? {
        guard let first = scalars.first else { return nil }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return nil }
        var widest = 0
        var regionalIndicators = 0
        for scalar in scalars {
            let value = scalar.value
            if value == 0xFE0F { return 2 }                  // emoji presentation selector
            if (0x1F1E6...0x1F1FF).contains(value) { regionalIndicators += 1 }
            widest = max(widest, Int(utf8proc_charwidth(utf8proc_int32_t(bitPattern: value))))
        }
        if regionalIndicators >= 2 { return 2 }              // a flag
        // A lone combining mark still needs a cell to be seen.
        return min(max(widest, 1), 2)
    }

    /// Cells `text` takes on one line.
    package static func width(of text: String) -> Int {
        clusters(of: text).reduce(0) { $0 + $1.width }
    }
}

extension [Cluster] {
    /// The cells they take side by side.
    var width: Int { reduce(0) { $0 + $1.width } }
}
