import LoomGraph

/// Draws laid-out boxes into a cell grid, parents first (so children draw over backgrounds),
/// each clipped to its box's clip; the focused box is drawn inverted.
enum Drawing {
    static func draw(_ boxes: [LayoutBox], into grid: inout CellGrid, styles: StyleTable, focus: ObjectIdentifier?) {
        for box in boxes {
            let style = box.context.applying(box.primitive).style
            switch box.primitive {
            case .text:
                let id = styles.id(for: box.context.style)
                for (offset, line) in box.lines.enumerated() where offset < box.frame.height {
                    let slack = box.frame.width - line.width
                    let indent = switch box.context.text.alignment {
                    case .leading: 0
                    case .center: slack / 2
                    case .trailing: slack
                    }
                    grid.put(line.clusters, style: id, row: box.frame.row + offset, column: box.frame.column + max(0, indent), clip: box.clip)
                }
            case .color(let color):
                var fill = box.context.style
                fill.background = color
                grid.fill(box.frame.intersection(box.clip), with: Cell(" ", style: styles.id(for: fill)))
            case .background:
                grid.fill(box.frame.intersection(box.clip), with: Cell(" ", style: styles.id(for: style)))
            case .border(let color, _):
                var line = box.context.style
                line.foreground = color
                drawMarks(box.marks, style: styles.id(for: line), dimStyle: styles.id(for: line), clip: box.clip, into: &grid)
            default:
                var dim = box.context.style
                dim.attributes.insert(.dim)
                drawMarks(box.marks, style: styles.id(for: style), dimStyle: styles.id(for: dim), clip: box.clip, into: &grid)
            }
        }
        if let focus, let focused = boxes.first(where: { ObjectIdentifier($0.node) == focus }) {
            grid.restyle(focused.frame.intersection(focused.clip)) { id in
                var style = styles[id]
                style.attributes.formSymmetricDifference(.inverse)
                return styles.id(for: style)
            }
        }
    }

    private static func drawMarks(_ marks: [Mark], style: StyleID, dimStyle: StyleID, clip: GridRect, into grid: inout CellGrid) {
        for mark in marks {
            grid.put(mark.clusters, style: mark.dim ? dimStyle : style, row: mark.row, column: mark.column, clip: clip)
        }
    }
}
