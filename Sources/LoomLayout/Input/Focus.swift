import LoomCells
import LoomGraph

/// Focus and input for one viewport: focus moves through the controls and list rows in tree
/// order; keys act on the focused one; scrolling follows the focus.
///
/// | key | effect |
/// |---|---|
/// | Tab, ↓ / Shift-Tab, ↑ | next / previous focusable (the first if none) |
/// | Enter, Space | activate: press a button, flip a toggle, choose a picker's highlighted option, follow a link; on a list row, its first control |
/// | ←, → | move a focused picker's highlight |
/// | Escape, Backspace | pop the innermost navigation stack |
/// | PageUp, PageDown | scroll the focused view's scroll container by its height |
/// | Home, End | focus the first / last focusable |
/// | mouse wheel | scroll the scroll container under the pointer |
///
/// A read-only viewport (an observer's) moves its focus, scrolls and follows links like any
/// other, but its buttons, toggles and pickers are inert: they change data others see.
extension Viewport {
    /// What a key does here.
    private enum KeyAction {
        /// Focus the focusable box at this index of `boxes`.
        case focus(box: Int)
        case perform(Node, ControlAction)
        case popNavigation
        case scroll(Node, rows: Int)
    }

    /// Handles a key; returns whether it did anything (the host then renders a frame). The
    /// graph is the one this viewport shows: Escape pops its navigation.
    @discardableResult
    package func handle(_ key: Key, in graph: ViewGraph) -> Bool {
        guard let action = action(for: key, in: graph) else { return false }
        switch action {
        case .focus(let index):
            focus = ObjectIdentifier(boxes[index].node)
            scrollToShow(index)
        case .perform(let control, let controlAction):
            control.perform(controlAction)
        case .popNavigation:
            graph.popNavigation()
        case .scroll(let container, let rows):
            scroll(container, rows: rows)
        }
        return true
    }

    /// Whether the key acts on the graph (presses, flips or chooses in a control, follows a
    /// link, pops navigation) rather than on this viewport alone (focus, scrolling): the view
    /// state it changes is the graph's, so a viewer that shares its graph needs its own first.
    package func acts(_ key: Key, in graph: ViewGraph) -> Bool {
        switch action(for: key, in: graph) {
        case .perform, .popNavigation: true
        case .focus, .scroll, nil: false
        }
    }

    private func action(for key: Key, in graph: ViewGraph) -> KeyAction? {
        let focusable = focusOrder(boxes)
        let current = focusable.firstIndex { ObjectIdentifier(boxes[$0].node) == self.focus }
        func focus(_ position: Int) -> KeyAction? {
            guard !focusable.isEmpty else { return nil }
            return .focus(box: focusable[min(max(position, 0), focusable.count - 1)])
        }
        switch key {
        case .tab, .down:
            return focus(current.map { $0 + 1 } ?? 0)
        case .backTab, .up:
            return focus(current.map { $0 - 1 } ?? 0)
        case .home:
            return focus(0)
        case .end:
            return focus(focusable.count - 1)
        case .enter, .space:
            guard let current, let control = control(in: focusable[current]),
                  !isReadOnly || control.controlKind == .navigationLink else { return nil }
            return .perform(control, .activate)
        case .left, .right:
            guard let current, !isReadOnly, boxes[focusable[current]].node.controlKind == .picker else { return nil }
            return .perform(boxes[focusable[current]].node, .moveHighlight(by: key == .left ? -1 : 1))
        case .escape, .backspace:
            return graph.canPopNavigation ? .popNavigation : nil
        case .pageUp, .pageDown:
            let index = current.map { focusable[$0] } ?? boxes.firstIndex { $0.isScrollContainer }
            guard let index, let container = scrollContainerBox(around: index) else { return nil }
            let page = max(1, boxes[container].frame.height - 1)
            return .scroll(boxes[container].node, rows: key == .pageDown ? page : -page)
        case .wheel(let lines, let row, let column):
            guard let container = boxes.lastIndex(where: { $0.isScrollContainer && $0.frame.intersection($0.clip).contains(column: column, row: row) }) else {
                return nil
            }
            return .scroll(boxes[container].node, rows: lines)
        case .character:
            return nil
        }
    }

    /// The boxes focus moves through, in tree order: controls, and list rows (a control inside a
    /// list row is reached through its row). Rows built beyond the screen (overscan) count, so
    /// focus can move past the last visible row and the list follows.
    func focusOrder(_ boxes: [LayoutBox]) -> [Int] {
        var order: [Int] = []
        var insideRowUntil = -1
        for (index, box) in boxes.enumerated() {
            if box.isListRow {
                order.append(index)
                insideRowUntil = index + box.descendants
            } else if box.node.controlKind != nil && index > insideRowUntil {
                order.append(index)
            }
        }
        return order
    }

    /// The control a focused box stands for: itself, or a list row's first control.
    private func control(in index: Int) -> Node? {
        let box = boxes[index]
        if box.node.controlKind != nil { return box.node }
        return boxes[index...(index + box.descendants)].first { $0.node.controlKind != nil }?.node
    }

    /// The box of the innermost scroll container holding box `index`.
    private func scrollContainerBox(around index: Int) -> Int? {
        (0..<index).reversed().first { candidate in
            boxes[candidate].isScrollContainer && candidate + boxes[candidate].descendants >= index
        } ?? (boxes[index].isScrollContainer ? index : nil)
    }

    /// Scrolls the focused box's container so the box is inside it.
    private func scrollToShow(_ index: Int) {
        guard let container = scrollContainerBox(around: index), container != index else { return }
        let visible = boxes[container].frame
        let frame = boxes[index].frame
        if frame.row < visible.row {
            scroll(boxes[container].node, rows: frame.row - visible.row)
        } else if frame.maxRow > visible.maxRow {
            scroll(boxes[container].node, rows: frame.maxRow - visible.maxRow)
        }
    }
}
