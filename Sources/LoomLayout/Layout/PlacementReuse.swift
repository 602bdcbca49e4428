import LoomCells
import LoomGraph

/// What one layout keeps from the last layout of the same viewport geometry, so that a change
/// costs what changed, not a screenful:
///
/// - A subtree in which nothing changed since it was placed (every node's layout stamp is the
///   one its box recorded: stamps rise from a changed node to the root) and that is placed in
///   the same frame, clip and context as last time is copied from the last layout, not placed
///   again. The boxes are identical; what they would compute again, they computed then.
/// - Boxes placed again are compared with their last placement: where their own drawing
///   (text, fill, marks, frame) changed, and where last layout's boxes are gone, rows are
///   damaged. Drawing and diffing then touch only those rows.
///
/// The last layout's box of a node is found among its parent's last children, scanning from
/// where the previous sibling was found: in order, one step per child; moved children cost a
/// scan of their siblings. No table of all boxes is built.
///
/// A class: layout asks it something for every element it places, and a struct kept in the
/// engine was copied (its arrays retained and released) at each question. One serves every
/// layout of its engine, keeping its arrays' storage from one layout to the next.
final class PlacementReuse {
    private(set) var previous: [LayoutBox] = []
    /// Last layout's boxes that this layout placed again or copied; the others are gone.
    private var matched: [Bool] = []
    /// For each element being placed: the range of its last children, and where to look next.
    private var scopes: [(children: Range<Int>, cursor: Int)] = []
    private(set) var damage = DamagedRows(height: 0)
    /// Boxes placed anew (not copied) in this layout.
    private(set) var placed = 0

    /// Starts a layout over the last layout's boxes (none: everything is new).
    func begin(previous: consuming [LayoutBox], height: Int) {
        self.previous = previous
        matched.removeAll(keepingCapacity: true)
        matched.append(contentsOf: repeatElement(false, count: self.previous.count))
        scopes.removeAll(keepingCapacity: true)
        scopes.append((0..<self.previous.count, 0))
        damage = self.previous.isEmpty ? .all(height: height) : DamagedRows(height: height)
        placed = 0
    }

    /// The last layout's box of `node` among the last children of the element being placed.
    func previousBox(of node: Node) -> Int? {
        guard let scope = scopes.last else { return nil }
        // From the cursor to the end, then from the start to the cursor.
        var index = scope.cursor, end = scope.children.upperBound, wrapped = false
        while true {
            if index >= end {
                if wrapped { return nil }
                (index, end, wrapped) = (scope.children.lowerBound, scope.cursor, true)
                continue
            }
            let next = index + previous[index].descendants + 1
            if previous[index].node === node {
                scopes[scopes.count - 1].cursor = next
                return index
            }
            index = next
        }
    }

    /// Whether the subtree placed at `index` last time can be copied for this placement.
    func canReuse(_ index: Int, frame: GridRect, clip: GridRect, context: LayoutContext) -> Bool {
        previous[index].stamp == previous[index].node.layoutStamp && previous[index].frame == frame && previous[index].clip == clip
            && previous[index].context == context
    }

    /// Copies the subtree placed at `index` last time.
    func copy(_ index: Int, into boxes: inout BoxList) {
        let subtree = index..<(index + previous[index].descendants + 1)
        boxes.append(copyOf: subtree)
        for position in subtree { matched[position] = true }
    }

    /// Placing the children of an element whose last box is `index` (nil: it is new).
    func enter(_ index: Int?) {
        scopes.append(index.map { ($0 + 1..<$0 + 1 + previous[$0].descendants, $0 + 1) } ?? (0..<0, 0))
    }

    func leave() {
        scopes.removeLast()
    }

    /// A box placed anew, complete with its children: damages its rows, and those of its last
    /// placement, where its own drawing changed.
    func didPlace(_ box: LayoutBox, previously index: Int?) {
        placed += 1
        guard let index else {
            damage.insert(box.drawnRows)
            return
        }
        matched[index] = true
        let old = previous[index]
        if old.frame.row != box.frame.row { damage.shifted = true }
        damage.insert(replacing: old, with: box)
    }

    /// The damage, once the layout is complete: what the last layout drew and this one does not
    /// have is damage too.
    func finish() -> DamagedRows {
        for (index, wasMatched) in matched.enumerated() where !wasMatched {
            damage.insert(previous[index].drawnRows)
        }
        return damage
    }

    /// The last layout's boxes, given up (so that `BoxList` can write over them in place).
    func takePrevious() -> [LayoutBox] {
        var taken: [LayoutBox] = []
        swap(&taken, &previous)
        return taken
    }
}
