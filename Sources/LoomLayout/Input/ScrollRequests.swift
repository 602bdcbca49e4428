import LoomGraph

/// A viewport following a program's `scrollTo` (`ScrollViewReader`): once per request, as it
/// follows a written `@FocusState`.
extension Viewport {
    /// Scrolls to show the view the graph's last `scrollTo` named, if this viewport has not
    /// followed that request yet; returns whether it scrolled (the caller lays out again). A row
    /// a lazy container has not built is scrolled to at its estimated place (the engine's row
    /// pitch) and the request kept, to be shown exactly by the next call once it is built.
    package func followScrollRequest(in graph: ViewGraph, engine: LayoutEngine) -> Bool {
        guard followedScrollRequest != graph.scrollRequestGeneration, let request = graph.scrollRequest else { return false }
        followedScrollRequest = graph.scrollRequestGeneration
        switch graph.scrollTarget(of: request.id) {
        case .node(let target):
            guard let index = boxes.firstIndex(where: { $0.node.isInside(target) }) else { return false }
            return scroll(toShow: index, anchor: request.anchor)
        case .lazyRow(let row, let container):
            guard let scroller = LazyRowNegotiation.scrollContainer(of: container) else { return false }
            let columns = max(1, engine.itemsPerRow(of: container) ?? 1)
            let pitch = engine.rowPitch(of: container) ?? 1
            scroll(scroller, toRow: Int(cells: (Double(row / columns) * pitch).rounded(.down)))
            followedScrollRequest -= 1
            return true
        case nil:
            return false
        }
    }

    /// Scrolls box `index`'s container so the box shows: by as little as shows it (what focus
    /// moving onto it does), or with its anchor point on the container's same point. Whether
    /// that moved an offset.
    @discardableResult
    func scroll(toShow index: Int, anchor: UnitPoint?) -> Bool {
        guard let containerIndex = scrollContainerBox(around: index), containerIndex != index else { return false }
        let visible = boxes[containerIndex].frame, frame = boxes[index].frame
        // Frames lie within ±`LayoutEngine.maximumExtent` (Int32's range), so their
        // differences cannot overflow.
        func delta(_ start: Int, _ length: Int, _ viewStart: Int, _ viewLength: Int, _ fraction: Double?) -> Int {
            if let fraction { return start - viewStart - Int((Double(viewLength - length) * fraction).rounded(.down)) }
            if start < viewStart { return start - viewStart }
            return max(0, start + length - (viewStart + viewLength))
        }
        let rows = delta(frame.row, frame.height, visible.row, visible.height, anchor?.y)
        let columns = delta(frame.column, frame.width, visible.column, visible.width, anchor?.x)
        guard rows != 0 || columns != 0 else { return false }
        scroll(boxes[containerIndex].node, rows: rows, columns: columns)
        return true
    }
}

extension Node {
    /// Whether this node is `ancestor` or below it.
    func isInside(_ ancestor: Node) -> Bool {
        var current: Node? = self
        while let node = current {
            if node === ancestor { return true }
            current = node.parent
        }
        return false
    }
}
