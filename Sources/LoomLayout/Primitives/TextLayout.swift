import LoomCells
import LoomGraph

/// `Text`: as wide as its longest line at the width offered, as tall as its lines (see
/// `LineBreaker`); each line drawn at the inherited alignment, each run of a styled text in the
/// inherited style with what the run adds.
struct TextLayout: DrawingLayout {
    let content: TextContent

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let lines = subviews.engine.textLines(content, node: subviews.node, width: proposal.width.finite, height: proposal.height.finite,
                                              options: subviews.context.text)
        return Size(width: lines.width, height: lines.count)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        placement.lines = subviews.engine.textLines(content, node: subviews.node, width: frame.width, height: frame.height,
                                                              options: subviews.context.text)
    }

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        var runStyles = RunStyles(content: content, base: box.context.style, styles: styles)
        let clip = clip.intersection(grid.bounds)
        for (offset, line) in box.lines.enumerated() where offset < box.frame.height {
            let slack = box.frame.width - line.width
            let indent = switch box.context.text.alignment {
            case .leading: 0
            case .center: slack / 2
            case .trailing: slack
            }
            let row = box.frame.row + offset
            var column = box.frame.column + max(0, indent)
            for cluster in line.clusters {
                if column >= clip.maxColumn { break }
                column += grid.put(cluster, style: runStyles.id(of: cluster.run), row: row, column: column, within: clip)
            }
        }
    }

    /// The style of each run, interned when first drawn.
    private struct RunStyles {
        let runs: [StyledText.Run]
        let base: Style
        let styles: StyleTable
        private var ids: [StyleID?]
        private let baseID: StyleID

        init(content: TextContent, base: Style, styles: StyleTable) {
            if case .styled(let text) = content { runs = text.runs } else { runs = [] }
            self.base = base
            self.styles = styles
            self.ids = Array(repeating: nil, count: runs.count)
            self.baseID = styles.id(for: base)
        }

        mutating func id(of run: UInt16) -> StyleID {
            guard !runs.isEmpty else { return baseID }
            let index = Swift.min(Int(run), runs.count - 1)
            if let id = ids[index] { return id }
            var style = base
            style.attributes.formUnion(runs[index].attributes)
            if let foreground = runs[index].foreground { style.foreground = foreground }
            let id = styles.id(for: style)
            ids[index] = id
            return id
        }
    }
}
