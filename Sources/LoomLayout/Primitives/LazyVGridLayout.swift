import LoomCells
import LoomGraph

/// `LazyVGrid`: the grid's items fill its columns left to right, then row after row; a grid
/// row is as tall as its tallest item, and each item sits in its cell by its column's
/// alignment. Columns are resolved from the grid items for the width offered (`columns`). Lazy
/// as a `LazyVStack` is: only the items built are measured and placed, each at its index (a
/// `ForEach` row's); unbuilt grid rows are estimated at the mean pitch of the built ones, and
/// the lazy window is told the pitch per item (`LayoutEngine.itemsPerRow(of:)`).
struct LazyVGridLayout: PrimitiveLayout {
    let spec: LazyVGridSpec

    /// A resolved column: where it starts from the grid's leading edge, its width, and where an
    /// item sits in its cells.
    struct Column: Equatable {
        var offset: Int
        var width: Int
        var alignment: Alignment
    }

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        let arrangement = arrange(subviews, width: proposal.width.finite)
        let natural = arrangement.columns.last.map { $0.offset.adding($0.width) } ?? 0
        let flexible = spec.columns.contains { if case .fixed = $0.size { false } else { true } }
        return Size(width: flexible ? proposal.width.taken ?? natural : natural, height: arrangement.height)
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        let arrangement = arrange(subviews, width: frame.width)
        let used = arrangement.columns.last.map { $0.offset.adding($0.width) } ?? 0
        let leading = frame.column + Int((Double(Swift.max(0, frame.width - used)) * spec.alignment.fraction).rounded(.down))
        for item in arrangement.items {
            let column = arrangement.columns[item.column]
            let cell = GridRect(column: leading.adding(column.offset), row: frame.row.adding(arrangement.rowStarts[item.row] ?? 0),
                                width: column.width, height: arrangement.rowHeights[item.row] ?? 0)
            subviews.place(subviews.elements[item.element], in: cell.aligning(item.size, column.alignment), into: &placement)
        }
    }

    // MARK: - Arrangement

    /// Where each built item goes, for one width.
    struct Arrangement {
        var columns: [Column] = []
        /// Per built item: its element, grid row and column, and measured size.
        var items: [(element: Int, row: Int, column: Int, size: Size)] = []
        var rowStarts: [Int: Int] = [:]
        var rowHeights: [Int: Int] = [:]
        var height = 0
    }

    private func arrange(_ subviews: LayoutSubviews, width: Int?) -> Arrangement {
        var arrangement = Arrangement()
        arrangement.columns = Self.columns(spec.columns, width: width)
        let count = arrangement.columns.count
        guard count > 0 else { return arrangement }
        let (indices, total) = Self.indices(subviews.elements)
        for (element, index) in indices.enumerated() {
            let (row, column) = index.quotientAndRemainder(dividingBy: count)
            let size = subviews.size(of: subviews.elements[element], ProposedSize(width: arrangement.columns[column].width, height: nil))
            arrangement.items.append((element, row, column, size))
            arrangement.rowHeights[row] = Swift.max(arrangement.rowHeights[row] ?? 0, size.height)
        }
        let gap = LayoutEngine.spacing(spec.spacing, along: .vertical)
        let built = arrangement.rowHeights.keys.sorted()
        let rows = total / count + (total % count == 0 ? 0 : 1)
        let pitch = built.isEmpty ? Double(1 + gap) : built.reduce(0.0) { $0 + Double(arrangement.rowHeights[$1]!.adding(gap)) } / Double(built.count)
        if subviews.elements.contains(where: { $0.row != nil }) {
            let entry = subviews.engine.entry(for: subviews.node)
            entry.rowPitch = pitch
            entry.itemsPerRow = count
        }
        // A built row follows the one before it when that one is built too; otherwise it
        // starts at its estimate (never over the row before).
        var end = 0, previous: Int?
        for row in built {
            let start = previous == row - 1 ? end.adding(gap) : Swift.max(end, Int(cells: (Double(row) * pitch).rounded()))
            arrangement.rowStarts[row] = start
            end = start.adding(arrangement.rowHeights[row]!)
            previous = row
        }
        arrangement.height = built.count == rows ? end : Swift.max(end, Int(cells: (Double(rows) * pitch).rounded()).subtracting(gap))
        return arrangement
    }

    /// Each element's index among the grid's items (a lazy `ForEach` row's is its index in the
    /// collection, after the views before the `ForEach`), and how many items there are.
    static func indices(_ elements: [LayoutElement]) -> (indices: [Int], total: Int) {
        var indices: [Int] = []
        indices.reserveCapacity(elements.count)
        var next = 0, base = 0
        var forEach: Node?
        for element in elements {
            if let row = element.row {
                if forEach !== row.forEach {
                    forEach = row.forEach
                    base = next
                    next = base.adding(row.forEach.rows?.count ?? 0)
                }
                indices.append(base.adding(row.index))
            } else {
                forEach = nil
                indices.append(next)
                next = next.adding(1)
            }
        }
        return (indices, next)
    }

    /// The columns `items` make at `width` (nil: no width offered, each at its least), as
    /// SwiftUI resolves them: fixed columns take their width; each adaptive item makes as many
    /// columns of at least its minimum as fit its share of what fixed and flexible minimums
    /// leave; then flexible and adaptive columns share the rest equally, least flexible first,
    /// each within its bounds. Spacing is an item's, after each of its columns.
    static func columns(_ items: [GridItem], width: Int?) -> [Column] {
        let gap = { (item: GridItem) in LayoutEngine.spacing(item.spacing, along: .horizontal) }
        var fixed = 0, flexibleMinimum = 0, adaptive = 0
        for item in items {
            switch item.size {
            case .fixed(let length): fixed = fixed.adding(length.clampedLength)
            case .flexible(let minimum, _): flexibleMinimum = flexibleMinimum.adding(minimum.clampedLength)
            case .adaptive: adaptive += 1
            }
        }
        let gaps = items.dropLast().reduce(0) { $0.adding(gap($1)) }
        let adaptiveShare = width.map { $0.subtracting(fixed).subtracting(flexibleMinimum).subtracting(gaps) / Swift.max(1, adaptive) }
        // Each column's bounds (equal for a fixed one), the gap after it and its alignment.
        var bounds: [(minimum: Int, maximum: Int, gap: Int, alignment: Alignment, isFixed: Bool)] = []
        for item in items {
            let alignment = item.alignment ?? .center
            switch item.size {
            case .fixed(let length):
                bounds.append((length.clampedLength, length.clampedLength, gap(item), alignment, true))
            case .flexible(let minimum, let maximum):
                bounds.append((minimum.clampedLength, Swift.max(minimum.clampedLength, maximum.clampedLength), gap(item), alignment, false))
            case .adaptive(let minimum, let maximum):
                let least = Swift.max(1, minimum.clampedLength)
                let fitting = adaptiveShare.map { ($0.adding(gap(item))) / least.adding(gap(item)) } ?? 1
                for _ in 0..<Swift.min(Swift.max(1, fitting), GridItem.maximumColumns - bounds.count) {
                    bounds.append((least, Swift.max(least, maximum.clampedLength), gap(item), alignment, false))
                }
            }
            if bounds.count >= GridItem.maximumColumns { break }
        }
        var widths = bounds.map(\.minimum)
        if let width {
            var remaining = bounds.dropLast().reduce(width) { $0.subtracting($1.gap) }
            let shared = bounds.indices.filter { !bounds[$0].isFixed }
            for index in bounds.indices where bounds[index].isFixed { remaining = remaining.subtracting(widths[index]) }
            let order = shared.sorted { (bounds[$0].maximum.subtracting(bounds[$0].minimum), $0) < (bounds[$1].maximum.subtracting(bounds[$1].minimum), $1) }
            for (placed, index) in order.enumerated() {
                let share = remaining / (order.count - placed)
                widths[index] = Swift.min(Swift.max(share, bounds[index].minimum), bounds[index].maximum)
                remaining = remaining.subtracting(widths[index])
            }
        }
        var columns: [Column] = []
        var offset = 0
        for (index, column) in bounds.enumerated() {
            columns.append(Column(offset: offset, width: widths[index], alignment: column.alignment))
            offset = offset.adding(widths[index]).adding(column.gap)
        }
        return columns
    }
}
