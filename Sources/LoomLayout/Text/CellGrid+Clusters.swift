/// Drawing text into a grid: clusters come from layout's segmentation (utf8proc), which the
/// cells themselves, and the viewers that apply them, do without.
import LoomCells
extension CellGrid {
    /// Writes one cluster at a cell, clipped to `clip`; returns the cells it advanced. A wide
    /// cluster whose right half would be clipped is drawn as a space.
    @discardableResult
    package mutating func put(_ cluster: Cluster, style: StyleID, row: Int, column: Int, clip: GridRect) -> Int {
        put(cluster, style: style, row: row, column: column, within: clip.intersection(bounds))
    }

    /// The same, with `clip` already within the grid (the clusters of a line share one).
    @discardableResult
    package mutating func put(_ cluster: Cluster, style: StyleID, row: Int, column: Int, within clip: GridRect) -> Int {
        guard clip.contains(column: column, row: row) else { return cluster.width }
        if cluster.width == 2 && !clip.contains(column: column + 1, row: row) {
            write(Cell(.space, style: style), row: row, column: column)
            return 2
        }
        write(Cell(cluster.content, style: style), row: row, column: column)
        if cluster.width == 2 { write(Cell(.empty, style: style), row: row, column: column + 1) }
        return cluster.width
    }

    /// Writes a line of clusters from a cell, clipped.
    package mutating func put(_ clusters: [Cluster], style: StyleID, row: Int, column: Int, clip: GridRect) {
        let clip = clip.intersection(bounds)
        var column = column
        for cluster in clusters {
            if column >= clip.maxColumn { break }
            column += put(cluster, style: style, row: row, column: column, within: clip)
        }
    }
}
