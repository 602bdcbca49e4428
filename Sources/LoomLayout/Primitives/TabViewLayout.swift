import LoomCells
import LoomGraph

/// `TabView`: the bar of its tabs' labels across the top (two cells between them), a dim line
/// under it, and the tab that shows below, in the rest; it takes what it is offered. Its
/// elements are the labels (`.tabLabel`) and the content of the tab that shows (the graph
/// keeps the others' hidden).
struct TabViewLayout: PrimitiveLayout {
    /// Cells between two labels.
    static let gap = 2
    /// The rows above the content: the bar and its line.
    static let barHeight = 2

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let (labels, content) = parts(subviews)
        let bar = labels.map { subviews.size(of: $0, .unspecified).width }.laidEndToEnd(gap: Self.gap)
        let shown = content.isEmpty ? .zero : subviews.contentSize(proposal.shrunk(height: Self.barHeight), of: content)
        return Size(width: proposal.width.taken ?? Swift.max(bar, shown.width),
                    height: proposal.height.taken ?? shown.height.adding(Self.barHeight))
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let (labels, content) = parts(subviews)
        var column = frame.column
        for label in labels {
            let width = subviews.size(of: label, .unspecified).width
            subviews.place(label, in: GridRect(column: column, row: frame.row, width: width, height: 1), clip: placement.clip.intersection(frame),
                           into: &placement)
            column = column.adding(width).adding(Self.gap)
        }
        placement.marks.append(.line(column: frame.column, row: frame.row + 1, width: frame.width, dim: true))
        if !content.isEmpty {
            subviews.placeContent(content, in: frame.inset(top: Self.barHeight), clip: placement.clip.intersection(frame), into: &placement)
        }
    }

    private func parts(_ subviews: LayoutSubviews) -> (labels: [LayoutElement], content: [LayoutElement]) {
        var labels: [LayoutElement] = [], content: [LayoutElement] = []
        for element in subviews.elements {
            if case .tabLabel = element.primitive { labels.append(element) } else { content.append(element) }
        }
        return (labels, content)
    }
}
