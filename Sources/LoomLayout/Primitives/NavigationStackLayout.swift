import LoomCells
import LoomGraph

/// `NavigationStack`: shows its top view (the graph keeps only that one visible), as large as
/// it; with a title (`navigationTitle`), the title bold on the first line, cut with `…`, and
/// the view under it.
struct NavigationStackLayout: DrawingLayout {
    let title: String?

    private static let content = ZStackLayout(alignment: .topLeading)

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        guard let title else { return Self.content.sizeThatFits(proposal, subviews: subviews) }
        let view = Self.content.sizeThatFits(proposal.shrunk(height: 1), subviews: subviews)
        let titleWidth = Swift.min(Cluster.width(of: title), proposal.width.finite ?? .max)
        return Size(width: Swift.max(view.width, titleWidth), height: view.height + 1)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard let title else { return Self.content.placeSubviews(in: frame, subviews: subviews, placement: &placement) }
        placement.lines = [LineBreaker.truncate(Cluster.clusters(of: title), width: frame.width, mode: .tail)]
        Self.content.placeSubviews(in: frame.inset(top: 1), subviews: subviews, placement: &placement)
    }

    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        guard let line = box.lines.first, box.frame.height > 0 else { return }
        var style = box.context.style
        style.attributes.insert(.bold)
        grid.put(line.clusters, style: styles.id(for: style), row: box.frame.row, column: box.frame.column, clip: clip)
    }
}
