import LoomCollections

/// The boxes of a layout in progress: boxes placed anew, and runs of boxes copied from the
/// previous layout of the same geometry (`PlacementReuse`), in pre-order.
///
/// Copied runs are recorded, not copied. When every run stays where it was, as when a row
/// changes and nothing moves, the result is the previous layout's array with the new boxes
/// written over their old places: the unchanged boxes are not touched at all, where copying
/// them would retain and release everything they hold. Otherwise the array is assembled from the runs and the new boxes.
struct BoxList {
    /// Boxes placed anew, in order, and where each one is in the layout.
    private var placed: [(position: Int, box: LayoutBox)] = []
    /// Runs copied from the previous layout: where each one is in this layout, and in that one.
    private var runs: [(position: Int, source: Range<Int>)] = []
    /// Boxes in the layout so far.
    private(set) var count = 0

    /// Empty again, its lists keeping their storage.
    mutating func removeAll() {
        placed.removeAllKeepingStorage()
        runs.removeAllKeepingStorage()
        count = 0
        copied = 0
    }

    /// Appends a box placed anew; the result names it for `subscript(slot:)`.
    mutating func append(_ box: consuming LayoutBox) -> Int {
        placed.append((count, consume box))
        count += 1
        return placed.count - 1
    }

    /// Appends boxes of the previous layout.
    mutating func append(copyOf source: Range<Int>) {
        if let last = runs.last, last.source.upperBound == source.lowerBound, last.position + last.source.count == count {
            runs[runs.count - 1].source = last.source.lowerBound..<source.upperBound
        } else {
            runs.append((count, source))
        }
        count += source.count
    }

    /// A box placed anew, by the slot `append(_:)` gave.
    subscript(slot slot: Int) -> LayoutBox {
        get { placed[slot].box }
        _modify { yield &placed[slot].box }
    }

    /// Boxes copied into a new array in the last `boxes(over:)`: 0 when it could write in place.
    private(set) var copied = 0

    /// The layout's boxes, given the previous layout's (which should not be shared, or they are
    /// copied before they are written to).
    mutating func boxes(over previous: consuming [LayoutBox]) -> [LayoutBox] {
        if count == previous.count, runs.allSatisfy({ $0.position == $0.source.lowerBound }) {
            var boxes = previous
            for (position, box) in placed { boxes[position] = box }
            copied = 0
            return boxes
        }
        var boxes: [LayoutBox] = []
        boxes.reserveCapacity(count)
        var next = (placed: 0, run: 0)
        while boxes.count < count {
            if next.run < runs.count, runs[next.run].position == boxes.count {
                boxes.append(contentsOf: previous[runs[next.run].source])
                next.run += 1
            } else {
                boxes.append(placed[next.placed].box)
                next.placed += 1
            }
        }
        copied = count - placed.count
        return boxes
    }
}
