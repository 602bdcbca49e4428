import LoomCells
import LoomGraph

/// `TextField`: one row, underlined across its width so the field shows where it is; its text,
/// or its placeholder dimmed while the text is empty. It takes the width it is offered (as
/// SwiftUI's field does); offered nothing, the width of its text or placeholder and one cell
/// for the caret.
///
/// A text wider than the field scrolls with the caret: while the caret fits, the text shows
/// from its start; past that, the caret sits in the last cell. The window is a function of the
/// text, the caret and the width alone, so every viewer of a field sees it the same way and
/// layout keeps no state for it.
struct TextFieldLayout: DrawingLayout {
    let field: TextFieldSpec

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        if let width = proposal.width.taken { return Size(width: Swift.max(1, width), height: 1) }
        let shown = field.text.isEmpty ? field.placeholder : field.text
        return Size(width: Cluster.clusters(of: shown).width + 1, height: 1)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard frame.width > 0, frame.height > 0 else { return }
        placement.marks.append(Mark(column: frame.column, row: frame.row, [.space], repeats: frame.width))
        if field.text.isEmpty {
            let placeholder = Self.prefix(Cluster.clusters(of: field.placeholder), width: frame.width)
            if !placeholder.isEmpty { placement.marks.append(Mark(column: frame.column, row: frame.row, placeholder, dim: true)) }
            return
        }
        let window = Self.window(field, width: frame.width)
        var column = 0
        var visible: [Cluster] = []
        var visibleStart: Int?
        for cluster in Cluster.clusters(of: field.text) {
            defer { column += cluster.width }
            guard column >= window.start else { continue }
            guard column + cluster.width <= window.start + frame.width else { break }
            if visibleStart == nil { visibleStart = column }
            visible.append(cluster)
        }
        if let visibleStart {
            placement.marks.append(Mark(column: frame.column + visibleStart - window.start, row: frame.row, visible))
        }
    }

    /// Its marks underlined: the field's extent, its text and its dimmed placeholder.
    func draw(_ box: LayoutBox, clip: GridRect, into grid: inout CellGrid, styles: StyleTable) {
        var own = box.context.style
        own.attributes.insert(.underline)
        var dim = own
        dim.attributes.insert(.dim)
        Drawing.drawMarks(box.marks, style: styles.id(for: own), dimStyle: styles.id(for: dim), clip: clip, into: &grid)
    }

    /// The first column of the text shown in a field `width` cells wide, and the caret's
    /// column within the field.
    static func window(_ field: TextFieldSpec, width: Int) -> (start: Int, caret: Int) {
        let caret = Cluster.clusters(of: String(field.text.prefix(field.caret))).width
        let start = caret < width ? 0 : caret - width + 1
        return (start, caret - start)
    }

    private static func prefix(_ clusters: [Cluster], width: Int) -> [Cluster] {
        var used = 0
        return Array(clusters.prefix { cluster in
            used += cluster.width
            return used <= width
        })
    }
}
