import LoomCells
import LoomGraph

/// `Picker`: its label, then the option it shows between arrows (`Label: ‹ Option ›`): the
/// highlighted option while a viewer moves through them, else the selected one. Its two
/// children are the label and the options; only the option shown is laid out.
struct PickerLayout: PrimitiveLayout {
    /// The index of the option shown, if any.
    let shown: Int?

    static let open = Cluster.cells(": ‹ ")
    static let close = Cluster.cells(" ›")

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let parts = parts(subviews)
        let label = subviews.contentSize(.unspecified, of: parts.label)
        let option = parts.option.map { subviews.size(of: $0, .unspecified) } ?? .zero
        return Size(width: label.width + Self.open.width + option.width + Self.close.width, height: Swift.max(1, label.height, option.height))
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let parts = parts(subviews)
        let label = subviews.contentSize(.unspecified, of: parts.label)
        subviews.placeContent(parts.label, in: GridRect(column: frame.column, row: frame.row, width: label.width, height: label.height), into: &placement)
        let start = frame.column + label.width
        placement.marks.append(Mark(column: start, row: frame.row, Self.open))
        if let option = parts.option {
            let measured = subviews.size(of: option, .unspecified)
            subviews.place(option, in: GridRect(column: start + Self.open.width, row: frame.row, width: measured.width, height: measured.height), into: &placement)
            placement.marks.append(Mark(column: start + Self.open.width + measured.width, row: frame.row, Self.close))
        }
    }

    /// A click on ‹ chooses the option before the one shown, on › the one after; elsewhere it
    /// only focuses (Enter would choose the option shown, which is already chosen).
    func clickActions(column: Int, row: Int, in box: LayoutBox) -> [ControlAction]? {
        let arrow = box.marks.firstIndex { $0.row == row && ($0.column..<$0.column.adding($0.clusters.width)).contains(column) }
        switch arrow {
        case 0: return [.moveHighlight(by: -1), .activate]
        case 1: return [.moveHighlight(by: 1), .activate]
        default: return []
        }
    }

    /// The label's elements, and the element of the option shown.
    private func parts(_ subviews: LayoutSubviews) -> (label: [LayoutElement], option: LayoutElement?) {
        let node = subviews.node
        guard node.children.count == 2 else { return ([], nil) }
        let options = subviews.engine.elements(at: node.children[1])
        return (subviews.engine.elements(at: node.children[0]), shown.flatMap { $0 < options.count ? options[$0] : nil })
    }
}
