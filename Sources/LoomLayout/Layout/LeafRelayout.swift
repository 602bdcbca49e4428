import LoomCells
import LoomGraph

/// Layout's shortcut for the commonest change: a text (or another leaf) shows something new at
/// the sizes it had, as a counter or a status in a row of a list does.
///
/// A layout asks a node its size at some proposals; if the node answers every one of them as
/// before, every size and every frame computed from its answers is what it was, and so is the
/// last layout, but for the node's own box. So when, since the last layout of a geometry:
///
/// - no node gained or lost children (the graph's structure generation holds),
/// - every changed box (its node's layout stamp moved) either shows what it showed (its
///   primitive is equal: only something below it changed) or is a leaf, and
/// - every changed leaf gives, at each proposal its cache entry holds from that layout (all of
///   them: an entry that dropped one does not qualify), the size it gave then,
///
/// the last layout is kept, its changed leaves are placed again in their frames, and the rows
/// where their drawing changed are the damage. Nothing above them is measured or placed, and
/// the rows beside them are not visited. Otherwise the layout is made as usual
/// (`PlacementReuse`), which gives the same boxes (`RetainedFrameTests`).
extension LayoutEngine {
    /// Places the changed leaves of the last layout again, in it, and returns the damage; nil,
    /// and nothing changed, when the change is not only leaves that keep their sizes.
    func relayoutLeaves(of root: Node, size: Size, previous: inout [LayoutBox]) -> DamagedRows? {
        guard !previous.isEmpty else { return nil }
        // The top boxes: the root's elements, then the presentations, as `layout` places them.
        var tops = elements(at: root).map(\.node)
        tops += root.graph.presentations.filter(\.isAlive)
        var changed: [Int] = []
        var index = 0
        for node in tops {
            guard index < previous.count, previous[index].node === node else { return nil }
            if previous[index].stamp != node.layoutStamp { changed.append(index) }
            index += previous[index].descendants + 1
        }
        guard index == previous.count else { return nil }

        // Down the changed boxes only: those that show what they showed lead to the leaves.
        var unchanged: [Int] = []
        var leaves: [Int] = []
        while let index = changed.popLast() {
            let box = previous[index]
            guard let primitive = box.node.primitive else { return nil }
            if primitive == box.primitive {
                unchanged.append(index)
                var child = index + 1
                while child < index + 1 + box.descendants {
                    if previous[child].stamp != previous[child].node.layoutStamp { changed.append(child) }
                    child += previous[child].descendants + 1
                }
            } else if box.descendants == 0, childElements(of: box.node).isEmpty, keepsItsSizes(box) {
                leaves.append(index)
            } else {
                return nil
            }
        }

        var damage = DamagedRows(height: size.height)
        for index in unchanged { previous[index].stamp = previous[index].node.layoutStamp }
        for index in leaves {
            let old = previous[index]
            var placed = BoxList()
            let slot = placeBox(LayoutElement(node: old.node), in: old.frame, clip: old.clip, context: old.context, depth: 0,
                                listRow: old.isListRow, into: &placed)
            let box = placed[slot: slot]
            if !old.drawsLike(box) {
                damage.insert(old.drawnRows)
                damage.insert(box.drawnRows)
            }
            previous[index] = box
        }
        placements = leaves.count
        return damage
    }

    /// Whether the leaf placed as `box` gives the sizes it gave when it was placed, at every
    /// proposal it was asked then.
    private func keepsItsSizes(_ box: LayoutBox) -> Bool {
        guard let entry = existingEntry(of: box.node), let asked = entry.sizes(at: box.stamp), !asked.isEmpty else { return false }
        let text: TextContent? = switch box.node.primitive {
        case .text(let string)?: .plain(string)
        case .styledText(let styled)?: .styled(styled)
        default: nil
        }
        if let text, textBreaksAlike(box.node, text, since: box.stamp) { return true }
        let element = LayoutElement(node: box.node)
        for (key, size) in asked.contents {
            var context = box.context
            context.text = key.text
            context.stackAxis = key.axis
            guard self.size(of: element, proposal: key.proposal, context: context, depth: 0) == size else { return false }
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
