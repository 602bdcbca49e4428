import LoomCells
import LoomCollections
import LoomGraph

/// Layout's shortcut for the commonest change: a text (or another leaf) shows something new,
/// as a counter or a status in a row of a list does.
///
/// A layout asks a node its size at some proposals; if the node answers every one of them as
/// before, every size and every frame computed from its answers is what it was, and so is the
/// last layout outside the node's own subtree. So when, since the last layout of a geometry:
///
/// - no node gained or lost children (the graph's structure generation holds),
/// - every changed box (its node's layout stamp moved) either shows what it showed (its
///   primitive is equal: only something below it changed) or is a leaf, and
/// - every changed leaf gives, at each proposal its cache entry holds from that layout (all of
///   them: an entry that dropped one does not qualify), the size it gave then — or, where it
///   does not, some box above it does (the row around a text that grew, whose spacer took it),
///
/// the last layout is kept: the leaves whose sizes held are placed again in their frames, and
/// the lowest box whose sizes held around each other is placed again whole in its frame (what
/// did not change in it copied, as in any layout); the rows where their drawing changed are the
/// damage. Nothing above them is measured or placed, and the rows beside them are not visited.
/// Otherwise the layout is made as usual (`PlacementReuse`), which gives the same boxes
/// (`RetainedFrameTests`).
extension LayoutEngine {
    /// Places what changed in the last layout again, in it, and returns the damage; nil, and
    /// nothing changed, when the change is not only leaves under boxes that keep their sizes.
    func relayoutLeaves(of root: Node, size: Size, previous: inout [LayoutBox]) -> DamagedRows? {
        guard !previous.isEmpty else { return nil }
        // The lists of the last call, emptied, kept for their storage (this runs every frame).
        var lists = LeafRelayoutLists()
        swap(&lists, &leafRelayoutLists)
        defer {
            lists.removeAll()
            swap(&lists, &leafRelayoutLists)
        }
        // Changed boxes to look at, each with its parent among them (-1: a top box) and depth.
        var index = 0
        // The top boxes: the root's elements, then the presentations, as `layout` places them.
        func isTop(_ node: Node) -> Bool {
            guard index < previous.count, previous[index].node === node else { return false }
            if previous[index].stamp != node.layoutStamp { lists.changed.append((index, -1, 0)) }
            index += previous[index].descendants + 1
            return true
        }
        for element in elements(at: root) where !isTop(element.node) { return nil }
        for presentation in root.graph.presentations where presentation.isAlive && !isTop(presentation) { return nil }
        guard index == previous.count else { return nil }

        // Down the changed boxes only: those that show what they showed lead to the leaves.
        while let (index, parent, depth) = lists.changed.popLast() {
            // Read field by field: the box is not copied out of the list.
            let node = previous[index].node, descendants = previous[index].descendants
            guard let primitive = node.primitive else { return nil }
            if primitive == previous[index].primitive {
                lists.unchanged.append((index, parent, depth))
                var child = index + 1
                while child < index + 1 + descendants {
                    if previous[child].stamp != previous[child].node.layoutStamp { lists.changed.append((child, index, depth + 1)) }
                    child += previous[child].descendants + 1
                }
            } else if descendants == 0, childElements(of: node).isEmpty {
                if keepsItsSizes(previous, at: index, depth: depth) { lists.leaves.append((index, depth)) } else { lists.resized.append(parent) }
            } else {
                return nil
            }
        }

        // A leaf whose sizes changed: the lowest box above it that keeps its own is placed
        // again whole (what did not change in it copied, as in any layout). The boxes above a
        // leaf are the few down the changed path: looked up in turn.
        func above(_ index: Int) -> (parent: Int, depth: Int)? {
            lists.unchanged.first { $0.index == index }.map { ($0.parent, $0.depth) }
        }
        var subtrees: [(index: Int, depth: Int)] = []
        for start in lists.resized {
            var found: (index: Int, depth: Int)?
            var candidate = start
            while candidate >= 0, let (parent, depth) = above(candidate) {
                if keepsItsSizes(previous, at: candidate, depth: depth) {
                    found = (candidate, depth)
                    break
                }
                candidate = parent
            }
            guard let found else { return nil }
            subtrees.append(found)
        }
        subtrees = Self.outermost(subtrees, in: previous)
        let replaced = subtrees.map { $0.index...($0.index + previous[$0.index].descendants) }
        func isReplaced(_ index: Int) -> Bool { replaced.contains { $0.contains(index) } }
        var replacements: [(range: Range<Int>, boxes: [LayoutBox], damage: DamagedRows)] = []
        for (subtree, depth) in subtrees {
            let old = previous[subtree]
            let range = subtree..<(subtree + old.descendants + 1)
            let (placed, damage) = place(over: Array(previous[range]), height: size.height) { boxes in
                place(LayoutElement(node: old.node), in: old.frame, clip: old.clip, context: old.context, depth: depth,
                      into: &boxes, listRow: old.isListRow)
            }
            // The same structure gives as many boxes; were it not so, the boxes above would not count them.
            guard placed.count == range.count else { return nil }
            replacements.append((range, placed, damage))
        }
        placedSubtrees = subtrees.count

        // Emptied here rather than after the call: the damage returned shares its storage
        // until the caller has read it.
        if lists.damage.height == size.height { lists.damage.removeAll() } else { lists.damage = DamagedRows(height: size.height) }
        for (range, boxes, subtreeDamage) in replacements {
            previous.replaceSubrange(range, with: boxes)
            lists.damage.formUnion(subtreeDamage)
        }
        // Boxes that showed what they showed, over sizes that held: their results hold too.
        for (index, _, _) in lists.unchanged where !isReplaced(index) {
            let node = previous[index].node
            if let entry = existingEntry(of: node), entry.stamp == previous[index].stamp { entry.advance(to: node.layoutStamp) }
            previous[index].stamp = node.layoutStamp
        }
        // Each leaf's box is swapped into the layout, the old one left in the placement list
        // until it is emptied: neither is copied (a copy retains everything a box holds).
        for (index, depth) in lists.leaves where !isReplaced(index) {
            lists.placed.removeAll()
            let slot = placeBox(LayoutElement(node: previous[index].node), in: previous[index].frame, clip: previous[index].clip,
                                context: previous[index].context, depth: depth, listRow: previous[index].isListRow, into: &lists.placed)
            swap(&previous[index], &lists.placed[slot: slot])
            lists.damage(replacingPlaced: slot, with: &previous[index])
            placements += 1
        }
        return lists.damage
    }

    /// The subtrees of `roots` that are not inside another's.
    private static func outermost(_ roots: [(index: Int, depth: Int)], in boxes: [LayoutBox]) -> [(index: Int, depth: Int)] {
        // The commonest case, every leaf keeping its sizes: nothing to sort.
        guard roots.count > 1 else { return roots }
        var result: [(index: Int, depth: Int)] = []
        for root in roots.sorted(by: { $0.index < $1.index }) where !result.contains(where: { $0.index <= root.index && root.index <= $0.index + boxes[$0.index].descendants }) {
            result.append(root)
        }
        return result
    }

    /// Whether the leaf placed as `boxes[index]` gives the sizes it gave when it was placed, at every
    /// proposal it was asked then.
    private func keepsItsSizes(_ boxes: [LayoutBox], at index: Int, depth: Int) -> Bool {
        let node = boxes[index].node, stamp = boxes[index].stamp
        guard let entry = existingEntry(of: node), let asked = entry.sizes(at: stamp), !asked.isEmpty else { return false }
        if let text = node.primitive?.textContent, textBreaksAlike(node, text, since: stamp) { return true }
        let element = LayoutElement(node: node)
        for (key, size) in asked.contents {
            var context = boxes[index].context
            context.text = key.text
            context.stackAxis = key.axis
            guard self.size(of: element, proposal: key.proposal, context: context, depth: depth) == size else { return false }
        }
        return true
    }

    /// Whether a text breaks into lines as it did at `stamp`: its clusters have the widths and
    /// the spaces they had (`LineBreaker.breaksAlike`), so at every width and line limit its
    /// lines are as wide and as many, and its sizes are those it had. They are then kept, and
    /// the text is not measured again.
    private func textBreaksAlike(_ node: Node, _ content: TextContent, since stamp: Int) -> Bool {
        let entry = self.entry(for: node)
        guard entry.previousStamp == stamp, let before = entry.previousParagraphs else { return false }
        let paragraphs = entry.paragraphs ?? LineBreaker.paragraphs(of: content)
        entry.paragraphs = paragraphs
        guard LineBreaker.breaksAlike(paragraphs, before) else { return false }
        entry.keepPreviousSizes()
        return true
    }
}

/// The lists `relayoutLeaves` works with, kept by the engine between calls (a frame's few
/// entries each: a row's path down, a list, its row, the row's stack and a text).
struct LeafRelayoutLists {
    var changed: [(index: Int, parent: Int, depth: Int)] = []
    var unchanged: [(index: Int, parent: Int, depth: Int)] = []
    var leaves: [(index: Int, depth: Int)] = []
    var resized: [Int] = []
    /// A leaf's placement (one box), placed into a list that keeps its storage.
    var placed = BoxList()
    /// The damage of the last call, returned to the caller, whose copy shares its storage.
    var damage = DamagedRows(height: 0)

    /// Adds the rows where `new` draws otherwise than the box in `placed` at `slot` (the one it
    /// replaced), both lent as `inout` accesses and neither written: passed as the lists'
    /// elements, each was copied out first, retaining all a box holds.
    mutating func damage(replacingPlaced slot: Int, with new: inout LayoutBox) {
        Self.insert(into: &damage, replacing: &placed[slot: slot], with: &new)
    }

    private static func insert(into damage: inout DamagedRows, replacing old: inout LayoutBox, with new: inout LayoutBox) {
        damage.insert(replacing: old, with: new)
    }

    mutating func removeAll() {
        changed.removeAllKeepingStorage()
        unchanged.removeAllKeepingStorage()
        leaves.removeAllKeepingStorage()
        resized.removeAllKeepingStorage()
        placed.removeAll()
    }
}
