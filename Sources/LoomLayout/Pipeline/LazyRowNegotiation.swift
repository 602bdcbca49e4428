import LoomGraph

/// Stage 2, lazy-row negotiation: which rows each lazy container must build.
///
/// Each viewport asks for the rows it shows, plus overscan: from the row at its scroll offset
/// (where the container's anchor puts it, while it rests there) to the row at the offset plus
/// a screen, at the row pitch the last layout measured (1 before any); for a lazy grid, the
/// items of those rows. The graph keeps the union of the viewports' ranges, as ranges, so
/// distant viewers do not build the rows between them; if the union moved after layout
/// measured the rows, the scene is evaluated once more.
struct LazyRowNegotiation {
    let engine: LayoutEngine
    let viewports: [Viewport]

    /// The rows (columns, for a `LazyHStack`) of `container` each viewport shows.
    func visibleRows(of container: Node, count: Int) -> [Range<Int>] {
        let pitch = max(engine.rowPitch(of: container) ?? 1, 0.5)
        // A lazy grid's rows hold `columns` items each: the window is in items, whole rows of them.
        let columns = max(1, engine.itemsPerRow(of: container) ?? 1)
        let scroller = Self.scrollContainer(of: container)
        var horizontal = false
        if case .hStack? = container.primitive { horizontal = true }
        return viewports.map { viewport in
            let position = scroller.flatMap { viewport.scrollOffsets[ObjectIdentifier($0)] } ?? ScrollPosition()
            let extent = Double(horizontal ? viewport.size.width : viewport.size.height)
            var offset = Double(horizontal ? position.x : position.y)
            // Resting at its anchor, the container shows where the anchor puts today's rows
            // (a log anchored at its bottom: the last ones), not where it was last shown.
            if horizontal ? position.xAtAnchor : position.yAtAnchor, let anchor = scroller.flatMap(engine.scrollAnchor(of:)) {
                let rows = Double(count / columns + (count % columns == 0 ? 0 : 1))
                offset = ScrollPosition.anchoredOffset(content: rows * pitch, extent: extent, fraction: horizontal ? anchor.x : anchor.y)
            }
            let first = Int((offset / pitch).rounded(.down)).multipliedReportingOverflow(by: columns).partialValue
            let last = Int(((offset + extent) / pitch).rounded(.up)).multipliedReportingOverflow(by: columns).partialValue
            return LazyWindow(firstVisibleRow: first, visibleRows: last - first).rows(count: count)
        }
    }

    /// The node whose scroll offset moves a lazy container: a `List` scrolls itself; a lazy
    /// stack is moved by the nearest `ScrollView` around it.
    static func scrollContainer(of container: Node) -> Node? {
        if case .list? = container.primitive { return container }
        var current = container.parent
        while let node = current {
            if case .scrollView? = node.primitive { return node }
            current = node.parent
        }
        return nil
    }
}
