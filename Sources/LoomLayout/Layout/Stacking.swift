import LoomGraph

/// Stacks: SwiftUI's stack algorithm on cells, and the arrangements kept with their nodes.
extension LayoutEngine {
    struct StackArrangement {
        var size: Size
        var sizes: [Size]
        /// Lazy stacks: where each built row starts along the axis (its index times the estimated
        /// row height), nil for elements that are not rows; empty for other stacks.
        var rowStarts: [Int?] = []
        /// For a stack kept with its node: the children's layout stamps when they were
        /// measured, and the graph structure they were found in.
        var childStamps: [Int] = []
        var structure = -1
        /// A list's: the separator edges each element hides (`listRowSeparator`); empty for
        /// other stacks, whose gaps are their spacing.
        var hiddenSeparators: [VerticalEdge.Set] = []

        /// The rows between a list's element `index` and the next: its separator line, or none
        /// where either hides it. After the last element: as if a row that hides none followed
        /// (what an estimate of the rows not built assumes).
        func separatorGap(after index: Int) -> Int {
            Self.separatorGap(after: index, hidden: hiddenSeparators)
        }

        static func separatorGap(after index: Int, hidden: [VerticalEdge.Set]) -> Int {
            guard !hidden[index].contains(.bottom) else { return 0 }
            return index + 1 < hidden.count && hidden[index + 1].contains(.top) ? 0 : 1
        }
    }

    /// A stack's layout, kept with its node's other layout results while the node's stamp holds.
    /// `separated`: a list's rows, with separator lines between them for a spacing.
    func stack(_ axis: Axis, _ children: [LayoutElement], of owner: Node, spacing: Int, lazy: Bool, proposal: ProposedSize,
               context: LayoutContext, depth: Int, separated: Bool = false) -> StackArrangement {
        let key = StackKey(axis: axis, spacing: spacing, lazy: lazy, proposal: proposal, text: context.measuringKey)
        let entry = self.entry(for: owner)
        if let layout = entry.stacks[key] { return layout }
        var layout: StackArrangement
        if let reused = reusedStack(entry.previousStacks[key], children, of: owner, axis, lazy: lazy, proposal: proposal, context: context, depth: depth) {
            layout = reused
        } else {
            layout = stack(axis, children, spacing: spacing, lazy: lazy, proposal: proposal, context: context, depth: depth,
                           hiddenSeparators: separated ? children.map(hiddenSeparatorEdges) : nil)
            layout.childStamps = children.map { $0.node.layoutStamp }
            layout.structure = owner.structureGeneration
        }
        entry.stacks[key] = layout
        return layout
    }

    /// A stack's last layout, if it still holds. When each child is measured on its own (a lazy
    /// stack, or one unbounded along its axis: no child's share depends on another's size), the
    /// layout is the same as long as the children are the same nodes (the structure is) at the
    /// same sizes; only the children whose stamp changed are measured again. A list re-measures
    /// the row that changed, not every row in view.
    private func reusedStack(_ last: StackArrangement?, _ children: [LayoutElement], of owner: Node, _ axis: Axis, lazy: Bool,
                             proposal: ProposedSize, context: LayoutContext, depth: Int) -> StackArrangement? {
        guard var layout = last, layout.structure == owner.structureGeneration, layout.childStamps.count == children.count,
              lazy || proposal[axis] == nil || proposal[axis] == ProposedSize.infinity else { return nil }
        var inner = context
        inner.stackAxis = axis
        let offered = ProposedSize(axis, along: lazy ? nil : proposal[axis], across: proposal[axis.other])
        for (index, child) in children.enumerated() where child.node.layoutStamp != layout.childStamps[index] {
            guard size(of: child, proposal: offered, context: inner, depth: depth + 1) == layout.sizes[index] else { return nil }
            // A row that now hides or shows a separator moves the rows after it.
            if !layout.hiddenSeparators.isEmpty && hiddenSeparatorEdges(of: child) != layout.hiddenSeparators[index] { return nil }
            layout.childStamps[index] = child.node.layoutStamp
        }
        return layout
    }

    /// The separator edges a list's row hides: a trait of the row, found through the modifiers
    /// around its content wherever among them `listRowSeparator` is (the outermost decides
    /// each edge). A loop bounded by the layout depth, not recursion.
    func hiddenSeparatorEdges(of row: LayoutElement) -> VerticalEdge.Set {
        var node = row.node, decided: VerticalEdge.Set = [], hidden: VerticalEdge.Set = []
        for _ in 0..<Self.maximumDepth where decided != .all {
            guard let primitive = node.primitive, primitive.layout.passesRowTraits else { return hidden }
            if case .listRowSeparator(let visibility, let edges) = primitive {
                let deciding = edges.subtracting(decided)
                if visibility == .hidden { hidden.formUnion(deciding) }
                decided.formUnion(deciding)
            }
            let content = childElements(of: node)
            guard content.count == 1 else { return hidden }
            node = content[0].node
        }
        return hidden
    }

    /// SwiftUI's stack algorithm on cells (see the type's comment). `hiddenSeparators`: a list's
    /// (see `StackArrangement`), whose gaps are separator lines, not `spacing`.
    func stack(_ axis: Axis, _ children: [LayoutElement], spacing: Int, lazy: Bool, proposal: ProposedSize,
               context: LayoutContext, depth: Int, hiddenSeparators: [VerticalEdge.Set]? = nil) -> StackArrangement {
        guard !children.isEmpty else { return StackArrangement(size: .zero, sizes: []) }
        var inner = context
        inner.stackAxis = axis
        let across = proposal[axis.other]
        let gap = { (index: Int) in hiddenSeparators.map { StackArrangement.separatorGap(after: index, hidden: $0) } ?? spacing }
        let spacingTotal = (0..<(children.count - 1)).reduce(0) { $0.adding(gap($1)) }
        var sizes: [Size]
        if lazy || proposal[axis] == nil || proposal[axis] == ProposedSize.infinity {
            sizes = children.map { size(of: $0, proposal: ProposedSize(axis, along: lazy ? nil : proposal[axis], across: across), context: inner, depth: depth + 1) }
        } else {
            // Spacers get what the other children leave (their minimum is reserved for them);
            // the others share the rest, least flexible first, each an equal part of what is left.
            var others: [(flexibility: Int, index: Int)] = []
            others.reserveCapacity(children.count)
            var spacers: [Int] = []
            var reserved = 0
            for (index, child) in children.enumerated() {
                let minimum = size(of: child, proposal: ProposedSize(axis, along: 0, across: across), context: inner, depth: depth + 1)[axis]
                if case .spacer = child.primitive {
                    spacers.append(index)
                    reserved = reserved.adding(minimum)
                } else {
                    let largest = size(of: child, proposal: ProposedSize(axis, along: ProposedSize.infinity, across: across), context: inner, depth: depth + 1)[axis]
                    others.append((largest.subtracting(minimum), index))
                }
            }
            others.sort { ($0.flexibility, $0.index) < ($1.flexibility, $1.index) }
            var remaining = proposal[axis]!.subtracting(spacingTotal)
            sizes = Array(repeating: .zero, count: children.count)
            func share(among group: some Collection<Int>) {
                for (placed, index) in group.enumerated() {
                    let share = remaining.subtracting(reserved) / (group.count - placed)
                    let size = size(of: children[index], proposal: ProposedSize(axis, along: share, across: across), context: inner, depth: depth + 1)
                    sizes[index] = size
                    remaining = remaining.subtracting(size[axis])
                }
            }
            share(among: others.lazy.map(\.index))
            reserved = 0
            share(among: spacers)
        }
        var along = sizes.reduce(spacingTotal) { $0.adding($1[axis]) }
        var rowStarts: [Int?] = []
        if lazy, let forEach = children.lazy.compactMap({ $0.row?.forEach }).first, let rows = forEach.rows {
            // Unbuilt rows are estimated at the mean pitch of the built ones (a row's height and
            // the gap after it: a list whose rows hide their separators is estimated without
            // them): a row's place is its index times that, so no row before it is measured.
            let built = children.indices.filter { children[$0].row != nil }
            let pitch = built.isEmpty ? 1.0 + Double(gap(children.count - 1)) : built.reduce(0.0) { $0 + Double(sizes[$1][axis] + gap($1)) } / Double(built.count)
            if let container = forEach.lazyContainer { entry(for: container).rowPitch = pitch }
            // A row starts at its estimate, unless it follows the row before it: built rows in a
            // run touch (rows shorter than the mean, or without a separator, leave no hole; a
            // row built empty, as `EmptyView`, takes no place at all), and the run ends where its
            // estimate does, the mean being theirs.
            var position = 0, previous: Int?
            for (index, (child, size)) in zip(children, sizes).enumerated() {
                if let row = child.row {
                    let follows = previous.map { previous in rows.ranges.contains { $0.contains(previous) && $0.contains(row.index) } } ?? false
                    if !follows { position = Swift.max(position, Int(cells: (Double(row.index) * pitch).rounded())) }
                }
                previous = child.row?.index
                rowStarts.append(child.row == nil ? nil : position)
                position = position.adding(size[axis] + gap(index))
            }
            if rows.ranges != [0..<rows.count] {
                along = Swift.max(along, Int(cells: (Double(rows.count) * pitch).rounded()).subtracting(gap(children.count - 1)))
            }
        }
        return StackArrangement(size: Size(axis, along: along, across: sizes.map { $0[axis.other] }.max() ?? 0), sizes: sizes, rowStarts: rowStarts,
                           hiddenSeparators: hiddenSeparators ?? [])
    }

}
