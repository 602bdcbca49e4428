import LoomCells
import LoomGraph

/// `Flow`: children at their ideal sizes, leading to trailing, a new line wherever the next one
/// would pass the width offered (a child wider than the width gets a line of its own, offered
/// that width). Lines are `lineSpacing` rows apart; within a line, children are aligned at
/// `alignment`. It is as wide as its widest line and as tall as its lines; offered no width, it
/// is one line. Past `lineLimit` lines, children are not placed, and the last line shown ends
/// with `+N more` (children taken off it until that fits).
struct FlowLayout: PrimitiveLayout {
    /// The `.flow` primitive; its settings stay in the enum's box (see `FrameLayout`).
    let flow: Primitive

    private var spec: FlowSpec? {
        guard case .flow(let spec) = flow else { return nil }
        return spec
    }

    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        guard let spec else { return subviews.contentSize(proposal) }
        return arrange(spec, width: proposal.width.finite, subviews).size
    }

    func placeSubviews(in frame: GridRect, subviews: LayoutSubviews, placement: inout SubviewPlacement) {
        guard let spec else { return subviews.placeContent(in: frame, into: &placement) }
        let arrangement = arrange(spec, width: frame.width, subviews)
        var inner = subviews.context
        inner.stackAxis = .horizontal
        for (element, place) in zip(subviews.elements, arrangement.places) {
            let offset = Int((Double(arrangement.lineHeights[place.line] - place.size.height) * spec.alignment.fraction).rounded(.down))
            subviews.place(element, in: GridRect(column: frame.column + place.column, row: frame.row + place.row + Swift.max(0, offset),
                                                 width: place.size.width, height: place.size.height), context: inner, into: &placement)
        }
        if let more = arrangement.more {
            placement.marks.append(Mark(column: frame.column + more.column, row: frame.row + more.row, Cluster.cells(Self.more(more.hidden))))
        }
    }

    /// What stands for the children not shown.
    static func more(_ hidden: Int) -> String { "+\(hidden) more" }

    private struct Arrangement {
        /// Where each shown child goes (the first `places.count` children).
        var places: [(line: Int, column: Int, row: Int, size: Size)] = []
        var lineHeights: [Int] = []
        var size = Size.zero
        /// `+N more`, where it goes, when children are not shown.
        var more: (hidden: Int, column: Int, row: Int)?
    }

    /// The lines, greedily: each child on the current line if it fits, else on a new one.
    private func arrange(_ spec: FlowSpec, width: Int?, _ subviews: LayoutSubviews) -> Arrangement {
        let gap = LayoutEngine.spacing(spec.spacing, along: .horizontal), between = spec.lineSpacing.clampedLength
        let limit = spec.lineLimit.map { Swift.max(1, $0) }
        var arrangement = Arrangement()
        var column = 0, row = 0, lineHeight = 0
        for element in subviews.elements {
            var size = subviews.size(of: element, .unspecified)
            if let width, size.width > width { size = subviews.size(of: element, ProposedSize(width: width, height: nil)) }
            if column > 0, let width, column.adding(gap).adding(size.width) > width {
                if let limit, arrangement.lineHeights.count + 1 == limit { break }
                arrangement.lineHeights.append(lineHeight)
                row = row.adding(lineHeight).adding(between)
                column = 0
                lineHeight = 0
            }
            if column > 0 { column = column.adding(gap) }
            arrangement.places.append((arrangement.lineHeights.count, column, row, size))
            column = column.adding(size.width)
            lineHeight = Swift.max(lineHeight, size.height)
        }
        let hidden = subviews.elements.count - arrangement.places.count
        if hidden > 0 {
            // Children come off the last line until `+N more` fits after them.
            var shown = arrangement.places.count
            func end() -> Int {
                guard let last = arrangement.places.last, last.line == arrangement.lineHeights.count else { return 0 }
                return last.column.adding(last.size.width).adding(gap)
            }
            while let width, !arrangement.places.isEmpty, arrangement.places.last?.line == arrangement.lineHeights.count,
                  end().adding(Self.more(subviews.elements.count - shown).count) > width {
                arrangement.places.removeLast()
                shown -= 1
            }
            arrangement.more = (subviews.elements.count - shown, end(), row)
            lineHeight = Swift.max(lineHeight, 1)
        }
        if !subviews.elements.isEmpty {
            arrangement.lineHeights.append(lineHeight)
            arrangement.size.height = row.adding(lineHeight)
        }
        let lastEnd = arrangement.more.map { $0.column.adding(Self.more($0.hidden).count) } ?? 0
        arrangement.size.width = arrangement.places.reduce(lastEnd) { Swift.max($0, $1.column.adding($1.size.width)) }
        return arrangement
    }
}
