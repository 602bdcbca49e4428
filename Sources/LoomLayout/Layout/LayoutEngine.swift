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

    struct Key: Hashable {
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

    struct TextKey: Hashable {
        let width: Int?
        let options: TextOptions
    }

    /// A node's layout results (in its `layoutCache`), for one layout stamp: a new stamp empties it.
    final class Entry {
        private(set) var stamp: Int
        var sizes = SmallCache<Key, Size>()
        /// The sizes of the node's last stamp, and that stamp: what a layout placed before the
        /// change asked of it (see `relayoutLeaves`).
        private(set) var previousSizes = SmallCache<Key, Size>()
        private(set) var previousStamp = -1
        var lines = SmallCache<TextKey, [TextLine]>()
        var naturalWidths = SmallCache<TextOptions, Int>()
        /// A text's clusters, paragraph by paragraph: the same at every width and line limit.
        var paragraphs: [[Cluster]]?
        /// Those of the node's last stamp (see `LeafRelayout`).
        private(set) var previousParagraphs: [[Cluster]]?
        /// The node's stack layouts: measuring computes them, placing (and measuring again at
        /// another viewport's identical proposal) finds them.
        var stacks = SmallCache<StackKey, StackArrangement>()
        /// Those of the node's last stamp: a stack whose children are measured each on its own
        /// is the same again if they are (see `reusedStack`).
        var previousStacks = SmallCache<StackKey, StackArrangement>()
        /// The elements below the node, and the graph structure they were found in: they stay
        /// the same through changes of stamp (what they show) until the structure changes.
        var elements: (list: [LayoutElement], structure: Int)?
        /// A scroll container's anchor when it was last placed (kept through changes of stamp):
        /// where the rows in view of one resting at it are, before it is laid out again
        /// (`LazyRowNegotiation`).
        var scrollAnchor: UnitPoint?
        /// A lazy container's row pitch (a row's height and the gap after it, the mean of the
        /// rows built) and, for a lazy grid, its items per row, from its last layout (kept
        /// through changes of stamp): where the rows a viewport shows are before they are built.
        var rowPitch: Double?
        var itemsPerRow: Int?
        /// The count of the engine that made it, which also tells whose it is.
        let owner: EntryCount

        init(stamp: Int, owner: EntryCount) {
            self.stamp = stamp
            self.owner = owner
            owner.value += 1
        }

        deinit { owner.value -= 1 }

        /// Every size asked of the node while its stamp was `stamp`, if the entry holds them all.
        func sizes(at stamp: Int) -> SmallCache<Key, Size>? {
            let held = stamp == self.stamp ? sizes : stamp == previousStamp ? previousSizes : nil
            return held?.dropped == false ? held : nil
        }

        /// Moves the results to the node's new stamp as they are: for a node whose sizes,
        /// arrangements and lines are known to be what they were (`LeafRelayout`).
        func advance(to stamp: Int) {
            self.stamp = stamp
        }

        /// Takes the sizes of the last stamp as this stamp's, when nothing was measured at this
        /// one: for a node known to give the same sizes.
        func keepPreviousSizes() {
            if sizes.isEmpty { sizes.copyContents(of: previousSizes) }
        }

        func reset(stamp: Int) {
            previousStamp = self.stamp
            previousParagraphs = paragraphs
            swap(&sizes, &previousSizes)
            self.stamp = stamp
            sizes.removeAll()
            lines.removeAll()
            naturalWidths.removeAll()
            paragraphs = nil
            swap(&stacks, &previousStacks)
            stacks.removeAll()
        }
    }

    /// How many entries exist: what tests bound. Shared with the entries, which may outlive the engine.
    final class EntryCount {
        var value = 0
    }

    private let entryCount = EntryCount()

    /// Where the viewer has each scroll container scrolled, asked during placement.
    var scrollPosition: (Node) -> ScrollPosition = { _ in ScrollPosition() }
    /// Told where a scroll container was actually shown when that differs from what was asked
    /// (kept within its content, or following its anchor).
    var didResolveScrollPosition: (Node, ScrollPosition) -> Void = { _, _ in }
    /// The grids' columns placed, by the numbers contexts name them with.
    var gridColumns = GridColumnNumbers()
    /// Kept for `relayoutLeaves`, which runs every frame.
    var leafRelayoutLists = LeafRelayoutLists()

    package init() {}

    // MARK: - Entry point

    /// Lays out the root in a screen of `size`: the root is offered the whole screen (several
    /// root elements share it as a vertical stack) and placed at the top-leading corner.
    /// `previous` is the last layout of the same geometry (see `PlacementReuse`); the damage is
    /// the rows whose drawing changed since then (all of them, without a previous layout).
    /// `previousStructure`, the graph's structure generation when `previous` was laid out: while
    /// it holds, a change below boxes that keep their sizes places only what changed
    /// (`relayoutLeaves`).
    func layout(root: Node, size: Size, previous: consuming [LayoutBox] = [], previousStructure: Int? = nil) -> (boxes: [LayoutBox], damage: DamagedRows) {
        pass &+= 1
        depthLimitHits = 0
        measurements = 0
        textLayouts = 0
        placements = 0
        copiedBoxes = 0
        keptLastLayout = false
        placedSubtrees = 0
        if previousStructure == root.structureGeneration, let damage = relayoutLeaves(of: root, size: size, previous: &previous) {
            keptLastLayout = true
            return (previous, damage)
        }
        // What a shortcut placed before it gave up is not this layout's.
        (placements, copiedBoxes, placedSubtrees) = (0, 0, 0)
        return place(over: previous, height: size.height) { boxes in
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
            placePresentations(of: root, in: screen, context: context, into: &boxes)
        }
    }

    /// Places what `body` places over `previous` — a last layout, or a subtree of one — copying
    /// what did not change (`PlacementReuse`); the damage is where the drawing changed. Counts
    /// the boxes placed and copied.
    func place(over previous: consuming [LayoutBox], height: Int, _ body: (inout BoxList) -> Void) -> (boxes: [LayoutBox], damage: DamagedRows) {
        reuse.begin(previous: previous, height: height)
        var boxes = BoxList()
        body(&boxes)
        placements += reuse.placed
        let damage = reuse.finish()
        let result = boxes.boxes(over: reuse.takePrevious())
        copiedBoxes += boxes.copied
        return (result, damage)
    }

    /// Each presentation shown (`.sheet`, `.alert`) over the screen, oldest first, so the last
    /// is drawn over the others: offered the screen less `presentationMargin` on each side, and
    /// centred in it.
    private func placePresentations(of root: Node, in screen: GridRect, context: LayoutContext, into boxes: inout BoxList) {
        for node in root.graph.presentations where node.isAlive {
            let element = LayoutElement(node: node)
            let offered = ProposedSize(width: Swift.max(0, screen.width - 2 * Self.presentationMargin.width),
                                       height: Swift.max(0, screen.height - 2 * Self.presentationMargin.height))
            let measured = size(of: element, proposal: offered, context: context, depth: 0)
            place(element, in: screen.aligning(measured, .center), clip: screen, context: context, depth: 0, into: &boxes)
        }
    }

    /// The cells of the scene left showing around a presentation, at each side.
    static let presentationMargin = Size(width: 2, height: 1)

    /// The reuse state of the layout in progress.
    let reuse = PlacementReuse()

    /// Boxes placed anew (not copied from the previous layout) in the last layout.
    package internal(set) var placements = 0
    /// Whether the last layout kept the one before and placed again only what changed in it
    /// (`relayoutLeaves`).
    package private(set) var keptLastLayout = false
    /// Subtrees placed again whole in the last layout that kept the one before: those whose
    /// sizes held around a leaf whose sizes did not.
    package internal(set) var placedSubtrees = 0
    /// Whether the last layout kept the one before and placed only leaves of the same sizes
    /// in it: no other size, row pitch or scroll position changed.
    package var placedLeavesOnly: Bool { keptLastLayout && placedSubtrees == 0 }
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

    /// The size the element's primitive chooses (see `PrimitiveLayout`).
    private func computeSize(of element: LayoutElement, proposal: ProposedSize, context: LayoutContext, depth: Int) -> Size {
        let layout = element.primitive.layout
        var inner = context
        layout.inherit(&inner)
        let subviews = LayoutSubviews(engine: self, node: element.node, elements: childElements(of: element.node), context: inner, depth: depth)
        return layout.sizeThatFits(proposal, subviews: subviews)
    }

    /// The size of a wrapper's content: its one element, or its elements stacked vertically.
    func content(_ children: [LayoutElement], proposal: ProposedSize, context: LayoutContext, depth: Int) -> Size {
        if children.count == 1 { return size(of: children[0], proposal: proposal, context: context, depth: depth + 1) }
        return stack(.vertical, children, spacing: 0, lazy: false, proposal: proposal, context: context, depth: depth).size
    }

    /// The node's cache entry, valid for its current layout stamp (emptied when it changed).
    /// Placement uses it too: a text placed without being measured (its parent's size was
    /// cached) keeps its lines.
    func entry(for node: Node) -> Entry {
        let entry: Entry
        if let existing = existingEntry(of: node) {
            entry = existing
        } else {
            entry = Entry(stamp: node.layoutStamp, owner: entryCount)
            if node.layoutCache == nil { node.layoutCache = entry } else { aside[ObjectIdentifier(node)] = entry }
        }
        if entry.stamp != node.layoutStamp { entry.reset(stamp: node.layoutStamp) }
        return entry
    }

    /// The node's entry if this engine has made one, as it is (nothing made or emptied).
    func existingEntry(of node: Node) -> Entry? {
        // Only entries are kept there (by engines, each in its own or aside): not cast, unchecked.
        if let own = node.layoutCache.map({ unsafeDowncast($0, to: Entry.self) }), own.owner === entryCount { return own }
        return aside[ObjectIdentifier(node)]
    }

    /// The anchor a scroll container was last placed with; nil before it was placed, or without one.
    func scrollAnchor(of container: Node) -> UnitPoint? { existingEntry(of: container)?.scrollAnchor }

    /// A lazy container's row pitch from its last layout; nil before it was laid out.
    func rowPitch(of container: Node) -> Double? { existingEntry(of: container)?.rowPitch }

    /// A lazy grid's items per row from its last layout (a row pitch is shared by that many
    /// items of its collection); nil before it was laid out, and for other containers.
    func itemsPerRow(of container: Node) -> Int? { existingEntry(of: container)?.itemsPerRow }

    /// Entries of nodes whose slot another engine holds: a second engine laying out the same
    /// graph (a test's layout made from nothing) keeps its own results here, and shares none.
    private var aside: [ObjectIdentifier: Entry] = [:]

    /// A text's lines at a width, kept with the node's other layout results: measuring and
    /// placing the same text in one pass (and in later passes while it is unchanged) lays it
    /// out once.
    func textLines(_ text: TextContent, node: Node, width: Int?, height: Int?, options: TextOptions) -> [TextLine] {
        // Like SwiftUI's, text takes at least one line, whatever height it is offered.
        var options = options
        if let height { options.lineLimit = Swift.min(options.lineLimit ?? Swift.max(height, 1), Swift.max(height, 1)) }
        let entry = self.entry(for: node)
        // Broken into lines only where the cache has none; its clusters then made once per change.
        func breakLines(width: Int?) -> [TextLine] {
            textLayouts += 1
            let paragraphs = entry.paragraphs ?? LineBreaker.paragraphs(of: text)
            entry.paragraphs = paragraphs
            return LineBreaker.lines(paragraphs: paragraphs, width: width, options: options)
        }
        // Any width at least the text's natural width gives the natural lines: one key for all
        // (but zero, at which nothing shows: no lines, even for an empty text).
        let natural: Int
        if let known = entry.naturalWidths[options] {
            natural = known
        } else {
            // The natural lines are the lines at any width at least as wide: kept under that key.
            let lines = unlimitedLines(entry, width: nil, within: options) ?? breakLines(width: nil)
            natural = lines.width
            entry.naturalWidths[options] = natural
            entry.lines[TextKey(width: nil, options: options)] = lines
        }
        let key = TextKey(width: Self.showsNaturalLines(width, natural: natural) ? nil : width, options: options)
        if let kept = entry.lines[key] { return kept }
        let broken = unlimitedLines(entry, width: key.width, within: options) ?? breakLines(width: key.width)
        entry.lines[key] = broken
        return broken
    }

    /// Whether a text of `natural` width shows its natural lines at `width`.
    private static func showsNaturalLines(_ width: Int?, natural: Int) -> Bool {
        guard let width else { return true }
        return width >= natural && width > 0
    }

    /// The text's lines without a line limit at `width`, already broken, when they are its lines
    /// under `options`' limit too: when they fit it, nothing is cut (`LineBreaker.lines`), but
    /// a one-line limit at a width cuts the text where it is wider than the width, and gives an
    /// empty text one line even at width zero.
    private func unlimitedLines(_ entry: Entry, width: Int?, within options: TextOptions) -> [TextLine]? {
        guard let limit = options.lineLimit else { return nil }
        var unlimited = options
        unlimited.lineLimit = nil
        guard let natural = entry.naturalWidths[unlimited],
              let lines = entry.lines[TextKey(width: Self.showsNaturalLines(width, natural: natural) ? nil : width, options: unlimited)],
              lines.count <= Swift.max(limit, 1), limit > 1 || width.map({ $0 > 0 && natural <= $0 }) ?? true else { return nil }
        return lines
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

    /// The elements a subtree contributes: the node itself if it lays out, else its descendants
    /// (kept as `childElements` keeps them).
    func elements(at node: Node) -> [LayoutElement] {
        if node.primitive != nil { return [LayoutElement(node: node)] }
        return childElements(of: node)
    }
}
