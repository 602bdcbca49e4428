import LoomCells
import LoomGraph

/// Lays out a graph's primitives on integer cells, the way SwiftUI lays out views:
/// a parent proposes a size, the child chooses its size, the parent places it.
///
///     measure(element, proposal) ──► Size          (cached per node, proposal and text options,
///                                                    valid while the node's layout stamp is)
///     place(element, frame)      ──► [LayoutBox]   (pre-order; the boxes drawing and focus use)
///
/// Stacks share their space like SwiftUI's: children are measured at zero and at infinity to
/// know how flexible they are, then the least flexible first get an equal share of what is
/// left — except that spacers wait until the other children are served (SwiftUI would let a
/// spacer's share squeeze a text; on a terminal that truncates words for blank cells). Lazy stacks lay out only the rows that exist and stand in for the others with an
/// estimated row height (the mean height of the rows measured), so their cost is the rows in
/// view, whatever the collection's length.
///
/// Layout recurses once per primitive level; levels past `maximumDepth` are not laid out
/// (counted in `depthLimitHits`), so the depth of recursion is bounded by us, not by data.
package final class LayoutEngine {
    package static let maximumDepth = 200

    /// The largest length a measured size has, in cells (about 2.1 billion): a spacer offered
    /// infinity, a frame as tall as `Int.max`, a lazy list of `0..<Int.max` rows all measure
    /// this. Lengths a view gives (insets, spacings, frame bounds) are clamped into
    /// `0...maximumExtent` before use. Every sum layout makes is then of bounded terms, so no
    /// size, proposal or offset can overflow and trap: far past any screen (4,096 cells) or
    /// scrolled content anyone shows, and far below where a sum of them would overflow.
    package static let maximumExtent = Int(Int32.max)

    /// Cells between the children of an `HStack` without a spacing: one, so words stay apart.
    /// A `VStack`'s children touch (0 rows): rows are scarce on a terminal.
    package static let defaultHorizontalSpacing = 1

    /// The cells between a stack's children: the spacing its view gave (clamped, see
    /// `clampedLength`), or the axis's default.
    static func spacing(_ given: Int?, along axis: Axis) -> Int {
        given?.clampedLength ?? (axis == .horizontal ? defaultHorizontalSpacing : 0)
    }

    /// Counts layouts: the sizes one measures are kept until it ends (see `SmallCache`).
    private var pass = 0
    /// Deeper primitives skipped in the last layout.
    package private(set) var depthLimitHits = 0
    /// Sizes computed (not found in the cache) in the last layout: the work a change cost.
    package private(set) var measurements = 0
    /// Texts broken into lines (not found in the cache) in the last layout.
    package private(set) var textLayouts = 0

    private struct Key: Hashable {
        let proposal: ProposedSize
        let text: TextOptions
        let axis: Axis?
    }

    struct StackKey: Hashable {
        let axis: Axis
        let spacing: Int
        let lazy: Bool
        let proposal: ProposedSize
        let text: TextOptions
    }

    private struct TextKey: Hashable {
        let width: Int?
        let options: TextOptions
    }

    /// A node's layout results (in its `layoutCache`), for one layout stamp: a new stamp empties it.
    private final class Entry {
        private(set) var stamp: Int
        var sizes = SmallCache<Key, Size>()
        var lines = SmallCache<TextKey, [TextLine]>()
        var naturalWidths = SmallCache<TextOptions, Int>()
        /// The node's stack layouts: measuring computes them, placing (and measuring again at
        /// another viewport's identical proposal) finds them.
        var stacks = SmallCache<StackKey, StackLayout>()
        /// Those of the node's last stamp: a stack whose children are measured each on its own
        /// is the same again if they are (see `reusedStack`).
        var previousStacks = SmallCache<StackKey, StackLayout>()
        /// The elements below the node, and the graph structure they were found in: they stay
        /// the same through changes of stamp (what they show) until the structure changes.
        var elements: (list: [LayoutElement], structure: Int)?
        /// The count of the engine that made it, which also tells whose it is.
        let owner: EntryCount

        init(stamp: Int, owner: EntryCount) {
            self.stamp = stamp
            self.owner = owner
            owner.value += 1
        }

        deinit { owner.value -= 1 }

        func reset(stamp: Int) {
            self.stamp = stamp
            sizes.removeAll()
            lines.removeAll()
            naturalWidths.removeAll()
            swap(&stacks, &previousStacks)
            stacks.removeAll()
        }
    }

    /// How many entries exist: what tests bound. Shared with the entries, which may outlive the engine.
    private final class EntryCount {
        var value = 0
    }

    private let entryCount = EntryCount()

    /// Mean row height per lazy container, from the last layout (for viewports' row estimates).
    package private(set) var rowHeights: [ObjectIdentifier: Double] = [:]
    /// The offset each scroll container is shown at (rows, columns), asked during placement.
    var scrollOffset: (Node) -> (x: Int, y: Int) = { _ in (0, 0) }
    /// Told the offset a scroll container was actually shown at (within its content).
    var didClampScrollOffset: (Node, (x: Int, y: Int)) -> Void = { _, _ in }
    /// Content size of each scroll container, from the last layout.
    package internal(set) var contentSizes: [ObjectIdentifier: Size] = [:]

    package init() {}

    // MARK: - Entry point

    /// Lays out the root in a screen of `size`: the root is offered the whole screen (several
    /// root elements share it as a vertical stack) and placed at the top-leading corner.
    /// `previous` is the last layout of the same geometry (see `PlacementReuse`); the damage is
    /// the rows whose drawing changed since then (all of them, without a previous layout).
    func layout(root: Node, size: Size, previous: consuming [LayoutBox] = []) -> (boxes: [LayoutBox], damage: DamagedRows) {
        pass &+= 1
        depthLimitHits = 0
        measurements = 0
        textLayouts = 0
        reuse.begin(previous: previous, height: size.height)
        var boxes = BoxList()
        let screen = GridRect(column: 0, row: 0, width: size.width, height: size.height)
        let elements = self.elements(at: root)
        let context = LayoutContext(stackAxis: .vertical)
        let proposal = ProposedSize(width: size.width, height: size.height)
        if elements.count == 1 {
            let measured = self.size(of: elements[0], proposal: proposal, context: context, depth: 0)
            place(elements[0], in: GridRect(column: 0, row: 0, width: measured.width, height: measured.height), clip: screen,
                  context: context, depth: 0, into: &boxes)
        } else {
            let layout = stack(.vertical, elements, spacing: 0, lazy: false, proposal: proposal, context: context, depth: 0)
            var row = 0
            for (element, measured) in zip(elements, layout.sizes) {
                place(element, in: GridRect(column: 0, row: row, width: measured.width, height: measured.height), clip: screen,
                      context: context, depth: 0, into: &boxes)
                row += measured.height
            }
        }
        placements = reuse.placed
        let damage = reuse.finish()
        let result = boxes.boxes(over: reuse.takePrevious())
        copiedBoxes = boxes.copied
        return (result, damage)
    }

    /// The reuse state of the layout in progress.
    let reuse = PlacementReuse()

    /// Boxes placed anew (not copied from the previous layout) in the last layout.
    package private(set) var placements = 0
    /// Boxes of the previous layout copied into a new array in the last layout: 0 when its
    /// array was written over in place (see `BoxList`).
    package private(set) var copiedBoxes = 0

    /// Nodes with layout results kept (each in its node, gone with it).
    package var cachedNodes: Int { entryCount.value }

    // MARK: - Measuring

    func size(of element: LayoutElement, proposal: ProposedSize, context: LayoutContext, depth: Int) -> Size {
        guard depth < Self.maximumDepth else {
            depthLimitHits += 1
            return .zero
        }
        let key = Key(proposal: proposal, text: context.measuringKey, axis: context.stackAxis)
        let entry = self.entry(for: element.node)
        if let size = entry.sizes[key] { return size }
        measurements += 1
        let computed = computeSize(of: element, proposal: proposal, context: context, depth: depth)
        let size = Size(width: computed.width.clampedLength, height: computed.height.clampedLength)
        entry.sizes.keep(size, for: key, pass: pass)
        return size
    }

    private func finite(_ value: Int?) -> Int? {
        value == ProposedSize.infinity ? nil : value
    }

    private func computeSize(of element: LayoutElement, proposal: ProposedSize, context: LayoutContext, depth: Int) -> Size {
        let children = childElements(of: element.node)
        let inner = context.applying(element.primitive)
        switch element.primitive {
        case .text(let text):
            let lines = textLines(text, node: element.node, width: finite(proposal.width), height: finite(proposal.height), options: context.text)
            return Size(width: lines.map(\.width).max() ?? 0, height: lines.count)
        case .spacer(let minLength):
            let axis = context.stackAxis ?? .vertical
            let minimum = minLength?.clampedLength ?? 0
            let along = proposal[axis].map { $0 == ProposedSize.infinity ? $0 : Swift.max($0, minimum) } ?? minimum
            return Size(axis, along: along, across: 0)
        case .divider:
            return context.stackAxis == .horizontal
                ? Size(width: 1, height: finite(proposal.height) ?? 1)
                : Size(width: finite(proposal.width) ?? 1, height: 1)
        case .color:
            return Size(width: finite(proposal.width) ?? 1, height: finite(proposal.height) ?? 1)
        case .vStack(_, let spacing, let lazy):
            return stack(.vertical, children, of: element.node, spacing: Self.spacing(spacing, along: .vertical), lazy: lazy, proposal: proposal, context: context, depth: depth).size
        case .hStack(_, let spacing, let lazy):
            return stack(.horizontal, children, of: element.node, spacing: Self.spacing(spacing, along: .horizontal), lazy: lazy, proposal: proposal, context: context, depth: depth).size
        case .zStack, .navigationStack:
            let sizes = children.map { size(of: $0, proposal: proposal, context: context, depth: depth + 1) }
            return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        case .overlay:
            guard let base = children.first else { return .zero }
            return size(of: base, proposal: proposal, context: context, depth: depth + 1)
        case .scrollView(let axes):
            let content = scrollContent(children, axes: axes, proposal: proposal, context: context, depth: depth)
            return Size(width: finite(proposal.width) ?? content.width, height: finite(proposal.height) ?? content.height)
        case .list:
            let content = listContent(children, of: element.node, width: finite(proposal.width), context: context, depth: depth).size
            return Size(width: finite(proposal.width) ?? content.width, height: finite(proposal.height) ?? content.height)
        case .button:
            return content(children, proposal: proposal, context: inner, depth: depth)
        case .navigationLink:
            let label = content(children, proposal: shrink(proposal, width: 2), context: inner, depth: depth)
            return Size(width: label.width + 2, height: label.height)
        case .toggle:
            let label = content(children, proposal: shrink(proposal, width: 4), context: inner, depth: depth)
            return Size(width: label.width + 4, height: Swift.max(label.height, 1))
        case .picker:
            let parts = pickerParts(element.node)
            let label = content(parts.label, proposal: .unspecified, context: inner, depth: depth)
            let option = parts.option.map { size(of: $0, proposal: .unspecified, context: inner, depth: depth + 1) } ?? .zero
            return Size(width: label.width + 2 + option.width + 4, height: Swift.max(1, label.height, option.height))
        case .padding(let given):
            let insets = given.clamped
            let child = content(children, proposal: shrink(proposal, width: insets.leading + insets.trailing, height: insets.top + insets.bottom), context: inner, depth: depth)
            return Size(width: child.width + insets.leading + insets.trailing, height: child.height + insets.top + insets.bottom)
        case .border:
            let child = content(children, proposal: shrink(proposal, width: 2, height: 2), context: inner, depth: depth)
            return Size(width: child.width + 2, height: child.height + 2)
        case .frame(let spec):
            return frameSize(spec, children, proposal: proposal, context: inner, depth: depth).size
        case .fixedSize(let horizontal, let vertical):
            let fixed = ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
            return content(children, proposal: fixed, context: inner, depth: depth)
        case .foregroundColor, .background, .textStyle, .lineLimit, .truncationMode, .multilineTextAlignment, .listRowSeparator:
            return content(children, proposal: proposal, context: inner, depth: depth)
        }
    }

    /// The size of a wrapper's content: its one element, or its elements stacked vertically.
    func content(_ children: [LayoutElement], proposal: ProposedSize, context: LayoutContext, depth: Int) -> Size {
        if children.count == 1 { return size(of: children[0], proposal: proposal, context: context, depth: depth + 1) }
        return stack(.vertical, children, spacing: 0, lazy: false, proposal: proposal, context: context, depth: depth).size
    }

    private func shrink(_ proposal: ProposedSize, width: Int = 0, height: Int = 0) -> ProposedSize {
        ProposedSize(width: proposal.width.map { $0.subtracting(width) }, height: proposal.height.map { $0.subtracting(height) })
    }

    /// The node's cache entry, valid for its current layout stamp (emptied when it changed).
    /// Placement uses it too: a text placed without being measured (its parent's size was
    /// cached) keeps its lines.
    private func entry(for node: Node) -> Entry {
        let entry: Entry
        if let own = node.layoutCache as? Entry, own.owner === entryCount {
            entry = own
        } else if node.layoutCache == nil {
            entry = Entry(stamp: node.layoutStamp, owner: entryCount)
            node.layoutCache = entry
        } else if let kept = aside[ObjectIdentifier(node)] {
            entry = kept
        } else {
            entry = Entry(stamp: node.layoutStamp, owner: entryCount)
            aside[ObjectIdentifier(node)] = entry
        }
        if entry.stamp != node.layoutStamp { entry.reset(stamp: node.layoutStamp) }
        return entry
    }

    /// Entries of nodes whose slot another engine holds: a second engine laying out the same
    /// graph (a test's layout made from nothing) keeps its own results here, and shares none.
    private var aside: [ObjectIdentifier: Entry] = [:]

    /// A text's lines at a width, kept with the node's other layout results: measuring and
    /// placing the same text in one pass (and in later passes while it is unchanged) lays it
    /// out once.
    func textLines(_ text: String, node: Node, width: Int?, height: Int?, options: TextOptions) -> [TextLine] {
        // Like SwiftUI's, text takes at least one line, whatever height it is offered.
        var options = options
        if let height { options.lineLimit = Swift.min(options.lineLimit ?? Swift.max(height, 1), Swift.max(height, 1)) }
        let entry = self.entry(for: node)
        // Any width at least the text's natural width gives the natural lines: one key for all.
        let natural: Int
        if let known = entry.naturalWidths[options] {
            natural = known
        } else {
            // The natural lines are the lines at any width at least as wide: kept under that key.
            let lines = TextLayout.lines(text, width: nil, options: options)
            natural = lines.map(\.width).max() ?? 0
            entry.naturalWidths[options] = natural
            entry.lines[TextKey(width: nil, options: options)] = lines
            textLayouts += 1
        }
        let key = TextKey(width: (width ?? .max) >= natural ? nil : width, options: options)
        if let lines = entry.lines[key] { return lines }
        let lines = TextLayout.lines(text, width: key.width, options: options)
        entry.lines[key] = lines
        textLayouts += 1
        return lines
    }

    // MARK: - Stacks

    struct StackLayout {
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
               context: LayoutContext, depth: Int, separated: Bool = false) -> StackLayout {
        let key = StackKey(axis: axis, spacing: spacing, lazy: lazy, proposal: proposal, text: context.measuringKey)
        let entry = self.entry(for: owner)
        if let layout = entry.stacks[key] { return layout }
        var layout: StackLayout
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
    private func reusedStack(_ last: StackLayout?, _ children: [LayoutElement], of owner: Node, _ axis: Axis, lazy: Bool,
                             proposal: ProposedSize, context: LayoutContext, depth: Int) -> StackLayout? {
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
            switch node.primitive {
            case .listRowSeparator(let visibility, let edges)?:
                let deciding = edges.subtracting(decided)
                if visibility == .hidden { hidden.formUnion(deciding) }
                decided.formUnion(deciding)
            case .padding?, .frame?, .border?, .fixedSize?, .foregroundColor?, .background?, .textStyle?, .lineLimit?, .truncationMode?, .multilineTextAlignment?:
                break
            default:
                return hidden
            }
            let content = childElements(of: node)
            guard content.count == 1 else { return hidden }
            node = content[0].node
        }
        return hidden
    }

    /// The elements below `node`, kept while the graph's structure holds (measuring and placing
    /// both ask, and a list's rows are the same nodes when one of them changed).
    func childElements(of node: Node) -> [LayoutElement] {
        let entry = self.entry(for: node)
        if let elements = entry.elements, elements.structure == node.structureGeneration { return elements.list }
        let elements = LayoutElement.children(of: node)
        entry.elements = (elements, node.structureGeneration)
        return elements
    }

    /// SwiftUI's stack algorithm on cells (see the type's comment). `hiddenSeparators`: a list's
    /// (see `StackLayout`), whose gaps are separator lines, not `spacing`.
    func stack(_ axis: Axis, _ children: [LayoutElement], spacing: Int, lazy: Bool, proposal: ProposedSize,
               context: LayoutContext, depth: Int, hiddenSeparators: [VerticalEdge.Set]? = nil) -> StackLayout {
        guard !children.isEmpty else { return StackLayout(size: .zero, sizes: []) }
        var inner = context
        inner.stackAxis = axis
        let across = proposal[axis.other]
        let gap = { (index: Int) in hiddenSeparators.map { StackLayout.separatorGap(after: index, hidden: $0) } ?? spacing }
        let spacingTotal = (0..<(children.count - 1)).reduce(0) { $0.adding(gap($1)) }
        var sizes: [Size]
        if lazy || proposal[axis] == nil || proposal[axis] == ProposedSize.infinity {
            sizes = children.map { size(of: $0, proposal: ProposedSize(axis, along: lazy ? nil : proposal[axis], across: across), context: inner, depth: depth + 1) }
        } else {
            // Spacers get what the other children leave (their minimum is reserved for them);
            // the others share the rest, least flexible first, each an equal part of what is left.
            let spacers = children.indices.filter { if case .spacer = children[$0].primitive { true } else { false } }
            let others = children.indices.filter { !spacers.contains($0) }
            let minimum = { (index: Int) in
                self.size(of: children[index], proposal: ProposedSize(axis, along: 0, across: across), context: inner, depth: depth + 1)
            }
            let flexibility = children.indices.map { index in
                self.size(of: children[index], proposal: ProposedSize(axis, along: ProposedSize.infinity, across: across), context: inner, depth: depth + 1)[axis]
                    .subtracting(minimum(index)[axis])
            }
            var remaining = proposal[axis]!.subtracting(spacingTotal)
            var reserved = spacers.reduce(0) { $0 + minimum($1)[axis] }
            sizes = Array(repeating: .zero, count: children.count)
            for group in [others.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }, spacers] {
                if group == spacers { reserved = 0 }
                for (placed, index) in group.enumerated() {
                    let share = remaining.subtracting(reserved) / (group.count - placed)
                    let size = size(of: children[index], proposal: ProposedSize(axis, along: share, across: across), context: inner, depth: depth + 1)
                    sizes[index] = size
                    remaining = remaining.subtracting(size[axis])
                }
            }
        }
        var along = sizes.reduce(spacingTotal) { $0.adding($1[axis]) }
        var rowStarts: [Int?] = []
        if lazy, let forEach = children.lazy.compactMap({ $0.row?.forEach }).first, let rows = forEach.rows {
            // Unbuilt rows are estimated at the mean pitch of the built ones (a row's height and
            // the gap after it: a list whose rows hide their separators is estimated without
            // them): a row's place is its index times that, so no row before it is measured.
            let built = children.indices.filter { children[$0].row != nil }
            let pitch = built.isEmpty ? 1.0 + Double(gap(children.count - 1)) : built.reduce(0.0) { $0 + Double(sizes[$1][axis] + gap($1)) } / Double(built.count)
            if let container = forEach.lazyContainer { rowHeights[ObjectIdentifier(container)] = pitch }
            // A row starts at its estimate, unless it follows the row before it: built rows in a
            // run touch (rows shorter than the mean, or without a separator, leave no hole), and
            // the run ends where its estimate does, the mean being theirs.
            var position = 0, previous: Int?
            for (index, (child, size)) in zip(children, sizes).enumerated() {
                if let row = child.row, row.index - 1 != previous {
                    position = Swift.max(position, Int(cells: (Double(row.index) * pitch).rounded()))
                }
                previous = child.row?.index
                rowStarts.append(child.row == nil ? nil : position)
                position = position.adding(size[axis] + gap(index))
            }
            along = Swift.max(along, Int(cells: (Double(rows.count) * pitch).rounded()).subtracting(gap(children.count - 1)))
        }
        return StackLayout(size: Size(axis, along: along, across: sizes.map { $0[axis.other] }.max() ?? 0), sizes: sizes, rowStarts: rowStarts,
                           hiddenSeparators: hiddenSeparators ?? [])
    }

    // MARK: - Scroll views and lists

    private func scrollContent(_ children: [LayoutElement], axes: Axis.Set, proposal: ProposedSize, context: LayoutContext, depth: Int) -> Size {
        let offered = ProposedSize(width: axes.contains(.horizontal) ? nil : finite(proposal.width),
                                   height: axes.contains(.vertical) ? nil : finite(proposal.height))
        return content(children, proposal: offered, context: context, depth: depth)
    }

    /// A list's rows, with a separator line between rows.
    func listContent(_ children: [LayoutElement], of list: Node, width: Int?, context: LayoutContext, depth: Int) -> StackLayout {
        var layout = stack(.vertical, children, of: list, spacing: 1, lazy: true, proposal: ProposedSize(width: width, height: nil), context: context, depth: depth,
                           separated: true)
        layout.size.width = width ?? layout.size.width
        return layout
    }

    // MARK: - Frames

    /// SwiftUI's flexible frame: the child is offered the proposal clamped to the frame's bounds
    /// (or the ideal size when there is no proposal); the frame takes the proposal clamped to
    /// its bounds, where a missing bound is the child's size.
    func frameSize(_ spec: FrameSpec, _ children: [LayoutElement], proposal: ProposedSize, context: LayoutContext, depth: Int) -> (size: Size, child: Size) {
        let spec = spec.clamped
        func offer(_ proposed: Int?, _ minimum: Int?, _ ideal: Int?, _ maximum: Int?) -> Int? {
            guard let proposed else { return ideal }
            var value = proposed
            if let minimum { value = Swift.max(value, minimum) }
            if let maximum { value = Swift.min(value, maximum) }
            return value
        }
        let child = content(children, proposal: ProposedSize(width: offer(proposal.width, spec.minWidth, spec.idealWidth, spec.maxWidth),
                                                             height: offer(proposal.height, spec.minHeight, spec.idealHeight, spec.maxHeight)),
                            context: context, depth: depth)
        func result(_ proposed: Int?, _ minimum: Int?, _ ideal: Int?, _ maximum: Int?, _ child: Int) -> Int {
            if minimum == nil && maximum == nil { return ideal.map { proposed == nil ? $0 : child } ?? child }
            let target = finite(proposed) ?? ideal ?? child
            let lower = minimum ?? Swift.min(child, maximum ?? child)
            let upper = maximum ?? Swift.max(child, minimum ?? child)
            return Swift.min(Swift.max(target, lower), Swift.max(lower, upper == ProposedSize.infinity ? target : upper))
        }
        let size = Size(width: result(proposal.width, spec.minWidth, spec.idealWidth, spec.maxWidth, child.width),
                        height: result(proposal.height, spec.minHeight, spec.idealHeight, spec.maxHeight, child.height))
        return (size, child)
    }

    // MARK: - Pickers

    /// A picker's label elements and the element of the option it shows (highlighted, or selected).
    func pickerParts(_ node: Node) -> (label: [LayoutElement], option: LayoutElement?) {
        guard node.children.count == 2, case .picker(let selected, let highlighted)? = node.primitive else { return ([], nil) }
        let label = elements(at: node.children[0])
        let options = elements(at: node.children[1])
        let shown = highlighted ?? selected
        return (label, shown.flatMap { $0 < options.count ? options[$0] : nil })
    }

    /// The elements a subtree contributes: the node itself if it lays out, else its descendants.
    func elements(at node: Node) -> [LayoutElement] {
        if node.primitive != nil { return [LayoutElement(node: node)] }
        return LayoutElement.children(of: node)
    }
}
