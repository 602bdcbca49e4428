import LoomGraph

package typealias TruncationMode = Text.TruncationMode

/// The options `Text` inherits from `lineLimit`, `truncationMode` and `multilineTextAlignment`.
package struct TextOptions: Sendable, Hashable {
    package var lineLimit: Int?
    package var truncation: TruncationMode = .tail
    package var alignment: TextAlignment = .leading

    package init(lineLimit: Int? = nil, truncation: TruncationMode = .tail, alignment: TextAlignment = .leading) {
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.alignment = alignment
    }
}

/// One laid-out line of text.
package struct TextLine: Sendable, Hashable {
    package let clusters: [Cluster]
    /// Its width in cells, summed once: a text is measured at several proposals in every layout
    /// of its row, and each asks the width of every line.
    package let width: Int
    package var text: String { clusters.map(\.text).joined() }

    init(clusters: [Cluster]) {
        self.clusters = clusters
        width = clusters.width
    }
}

extension [TextLine] {
    /// The widest line's width (0 for none), without an array of the widths.
    var width: Int { reduce(0) { Swift.max($0, $1.width) } }
}

/// What a text lays out: one string, or runs of styles (`StyledText`), whose clusters carry
/// their run's number so drawing gives each its style.
package enum TextContent: Sendable, Hashable {
    case plain(String)
    case styled(StyledText)
}

/// Breaks text into lines of at most `width` cells: at spaces when it can, inside a word only
/// when the word is longer than a line, never inside a cluster (a wide cluster that does not fit
/// at a line's end starts the next line). Newlines start new lines; a tab moves to the next
/// multiple of `tabWidth` cells from its line's start. Past `lineLimit`, the last line kept ends
/// (or starts, or is cut in the middle) with `…`. Runs of a styled text break as one text.
package enum LineBreaker {
    /// Cells between tab stops, as terminals set them.
    package static let tabWidth = 8

    /// The runs a text's clusters can tell apart: the clusters of runs past the last take the
    /// last one's style.
    package static let maximumRuns = Int(UInt16.max) + 1

    package static func lines(_ text: String, width: Int?, options: TextOptions = TextOptions()) -> [TextLine] {
        lines(.plain(text), width: width, options: options)
    }

    package static func lines(_ content: TextContent, width: Int?, options: TextOptions = TextOptions()) -> [TextLine] {
        lines(paragraphs: paragraphs(of: content), width: width, options: options)
    }

    /// The lines of a text whose paragraphs (`paragraphs(of:)`) are known: a text measured at
    /// several widths and line limits is split into clusters once.
    static func lines(paragraphs: [[Cluster]], width: Int?, options: TextOptions) -> [TextLine] {
        let limit = options.lineLimit.map { max($0, 1) }
        if limit == 1, options.truncation != .tail || paragraphs.count == 1 {
            // One line: no wrapping, cut where the mode says (at no width, nothing is cut). A
            // text of one paragraph is that line as it is (joined, it was copied cluster by cluster).
            let joined = paragraphs.count == 1 ? paragraphs[0] : Array(paragraphs.joined(separator: [Cluster.space]))
            return [width.map { truncate(joined, width: $0, mode: options.truncation) } ?? TextLine(clusters: joined)]
        }
        var lines: [TextLine] = []
        for paragraph in paragraphs {
            lines += wrap(paragraph, width: width)
            if let limit, lines.count > limit { break }
        }
        if let limit, lines.count > limit {
            let rest = Array(lines[(limit - 1)...].map(\.clusters).joined(separator: [Cluster.space]))
            lines.removeSubrange((limit - 1)...)
            // Cut by a newline, not by the width, the last line still ends with `…`: at no width
            // it has room for all of the rest and the `…`, as at any width that wide.
            lines.append(truncate(rest, width: width ?? .max, mode: .tail, force: true))
        }
        return lines
    }

    /// Whether texts of these paragraphs break into lines alike: line by line as many clusters,
    /// as wide, at every width and line limit. Breaking looks only at each cluster's width and
    /// whether it is a space.
    static func breaksAlike(_ a: [[Cluster]], _ b: [[Cluster]]) -> Bool {
        a.count == b.count && a.indices.allSatisfy { paragraph in
            let (a, b) = (a[paragraph], b[paragraph])
            return a.count == b.count && a.indices.allSatisfy { a[$0].width == b[$0].width && a[$0].isSpace == b[$0].isSpace }
        }
    }

    /// The clusters of each line the text's newlines start, tabs expanded.
    static func paragraphs(of content: TextContent) -> [[Cluster]] {
        switch content {
        case .plain(let text):
            guard hasNewlineOrTab(text) else { return [Cluster.clusters(of: text)] }
            var paragraphs: [[Cluster]] = [[]]
            append(text, run: 0, to: &paragraphs)
            return paragraphs
        case .styled(let text):
            var paragraphs: [[Cluster]] = [[]]
            for (index, run) in text.runs.enumerated() {
                append(run.string, run: UInt16(clamping: index), to: &paragraphs)
            }
            return paragraphs
        }
    }

    /// Splitting a String walks its characters, slowly: most texts (and runs of a styled text)
    /// have no newline or tab, and are one piece.
    private static func hasNewlineOrTab(_ text: String) -> Bool {
        func breaks(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") }
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: breaks) } ?? text.utf8.contains(where: breaks)
    }

    private static func append(_ text: String, run: UInt16, to paragraphs: inout [[Cluster]]) {
        func appendClusters(of piece: String) {
            let clusters = Cluster.clusters(of: piece)
            paragraphs[paragraphs.count - 1] += run == 0 ? clusters : clusters.map { $0.inRun(run) }
        }
        guard hasNewlineOrTab(text) else { return appendClusters(of: text) }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { paragraphs.append([]) }
            for (index, part) in line.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    let stop = tabWidth - paragraphs[paragraphs.count - 1].width % tabWidth
                    paragraphs[paragraphs.count - 1] += repeatElement(Cluster.space.inRun(run), count: stop)
                }
                appendClusters(of: String(part))
            }
        }
    }

    private static func wrap(_ clusters: [Cluster], width: Int?) -> [TextLine] {
        guard let width, width > 0 else {
            return width == 0 ? [] : [TextLine(clusters: clusters)]
        }
        var lines: [TextLine] = []
        var line: [Cluster] = []
        var lineWidth = 0
        var breakAt: Int?        // index in `line` just after the last space
        for cluster in clusters {
            if cluster.width > width { continue }            // a wide cluster in a one-cell column cannot be shown
            if lineWidth + cluster.width > width {
                if cluster.isSpace {
                    lines.append(TextLine(clusters: line))
                    line = []
                    lineWidth = 0
                    breakAt = nil
                    continue
                }
                if let breakAt, breakAt > 0 {
                    let carried = Array(line[breakAt...])
                    lines.append(TextLine(clusters: trimmed(Array(line[..<breakAt]))))
                    line = carried
                } else {
                    lines.append(TextLine(clusters: line))
                    line = []
                }
                lineWidth = line.reduce(0) { $0 + $1.width }
                breakAt = nil
            }
            line.append(cluster)
            lineWidth += cluster.width
            if cluster.isSpace { breakAt = line.count }
        }
        lines.append(TextLine(clusters: line))
        return lines
    }

    private static func trimmed(_ clusters: [Cluster]) -> [Cluster] {
        var clusters = clusters
        while clusters.last?.isSpace == true { clusters.removeLast() }
        return clusters
    }

    /// `clusters` cut to `width` cells with `…` where `mode` says, if they do not fit (or always, with `force`).
    static func truncate(_ clusters: [Cluster], width: Int, mode: TruncationMode, force: Bool = false) -> TextLine {
        let total = clusters.reduce(0) { $0 + $1.width }
        if total <= width && !force { return TextLine(clusters: clusters) }
        guard width > 0 else { return TextLine(clusters: []) }
        let room = width - 1
        switch mode {
        // The `…` is in the style of the text it stands next to.
        case .tail:
            let kept = trimmed(prefix(clusters, width: room))
            return TextLine(clusters: kept + [Cluster.ellipsis.inRun((kept.last ?? clusters.last)?.run ?? 0)])
        case .head:
            let kept = suffix(clusters, width: room)
            return TextLine(clusters: [Cluster.ellipsis.inRun((kept.first ?? clusters.first)?.run ?? 0)] + kept)
        case .middle:
            let head = prefix(clusters, width: (room + 1) / 2)
            let tail = suffix(clusters, width: room - head.reduce(0) { $0 + $1.width })
            return TextLine(clusters: head + [Cluster.ellipsis.inRun((head.last ?? clusters.first)?.run ?? 0)] + tail)
        }
    }

    private static func prefix(_ clusters: [Cluster], width: Int) -> [Cluster] {
        var used = 0
        return Array(clusters.prefix { cluster in
            used += cluster.width
            return used <= width
        })
    }

    private static func suffix(_ clusters: [Cluster], width: Int) -> [Cluster] {
        Array(prefix(clusters.reversed(), width: width).reversed())
    }
}
