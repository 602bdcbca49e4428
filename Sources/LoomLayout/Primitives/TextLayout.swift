import LoomCells
import LoomGraph

/// `Text`: as wide as its longest line at the width offered, as tall as its lines (see
/// `LineBreaker`); each line drawn at the inherited alignment.
struct TextLayout: PrimitiveLayout {
    let string: String

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let lines = subviews.engine.textLines(string, node: subviews.node, width: proposal.width.finite, height: proposal.height.finite,
                                              options: subviews.context.text)
        return Size(width: lines.map(\.width).max() ?? 0, height: lines.count)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        placement.lines = subviews.engine.textLines(string, node: subviews.node, width: frame.width, height: frame.height,
                                                              options: subviews.context.text)
    }

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        let id = styles.id(for: box.context.style)
        for (offset, line) in box.lines.enumerated() where offset < box.frame.height {
            let slack = box.frame.width - line.width
            let indent = switch box.context.text.alignment {
            case .leading: 0
            case .center: slack / 2
            case .trailing: slack
            }
            grid.put(line.clusters, style: id, row: box.frame.row + offset, column: box.frame.column + max(0, indent), clip: clip)
        }
    }
}
