import LoomCells
import LoomGraph

/// Focus and input for one viewport: focus moves through the controls and list rows in tree
/// order; keys act on the focused one; scrolling follows the focus.
///
/// | key | effect |
/// |---|---|
/// | Tab, ↓ / Shift-Tab, ↑ | next / previous focusable (the first if none); in a focused scroll view of text, ↑/↓ scroll it a row while there is more that way |
/// | Enter, Space | activate: press a button, flip a toggle, choose a picker's highlighted option, follow a link; on a list row, its first control |
/// | ←, → | move a focused picker's highlight; step a focused stepper down or up (− and + too) |
/// | Escape, Backspace | pop the innermost navigation stack; Escape over a sheet or an alert dismisses it |
/// | PageUp, PageDown | scroll the focused view's scroll container by its height |
/// | Home, End | focus the first / last focusable |
/// | mouse wheel | scroll the scroll container under the pointer |
/// | click | focus what is under the pointer and act on its control as Enter does (a picker's ‹ ›, a stepper's − +, as their keys); a text field only takes the focus; an `onTapGesture` runs when clicked its `count` times in a row |
///
/// In a focused text field, the keys of a line editor come first (`textEdit(for:)`):
/// characters, Space and pastes insert; ←/→, Home/End and the word moves move the caret;
/// Backspace, Delete, Ctrl-W, Ctrl-U and Ctrl-K delete; Enter submits. Tab, ↑/↓, PageUp/
/// PageDown and Escape keep their meaning, so focus leaves a field as it leaves any control.
///
/// A read-only viewport (an observer's) moves its focus, scrolls and follows links like any
/// other, but its buttons, toggles, pickers and text fields are inert: they change data others
/// see. Focus moving onto or off a view marked `focused(_:)` writes its `@FocusState`, so it
/// counts as acting (`acts(_:in:)`); the viewport follows what a program writes there
/// (`followFocusRequest(in:)`).
extension Viewport {
    /// What a key does here.
    private enum KeyAction {
        /// Focus the focusable box at this index of `boxes`.
        case focus(box: Int)
        case perform(Node, ControlAction)
        /// A click: focus the box at this index, then act on a control under the pointer.
        case click(box: Int, control: Node?, actions: [ControlAction])
        case popNavigation
        case scroll(Node, rows: Int)
    }

    /// Handles a key; returns whether it did anything (the host then renders a frame). The
    /// graph is the one this viewport shows: Escape pops its navigation.
    @discardableResult
    package func handle(_ key: Key, in graph: ViewGraph) -> Bool {
        var clicks = 1
        if case .click(let row, let column) = key { clicks = clickSeries.click(row: row, column: column) }
        guard let action = action(for: key, in: graph, clicks: clicks) else { return false }
        switch action {
        case .focus(let index):
            focus(index, in: graph)
        case .perform(let control, let controlAction):
            control.perform(controlAction)
        case .click(let index, let control, let actions):
            if focusedIndex != index { focus(index, in: graph) }
            for controlAction in actions { control?.perform(controlAction) }
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
        case .click(_, _?, let actions) where !actions.isEmpty: true
        case .focus(let index), .click(let index, _, _):
            graph.focusIsBound(boundNode(index)) || focusedIndex.map { graph.focusIsBound(boundNode($0)) } ?? false
        case .scroll, nil: false
        }
    }

    /// Moves the focus to box `index`, telling the graph (a `@FocusState` follows it).
    private func focus(_ index: Int, in graph: ViewGraph) {
        let left = focusedIndex.map(boundNode)
        moveFocus(to: index)
        graph.focusMoved(from: left, to: boundNode(index))
    }

    /// The box of the focused control or row.
    private var focusedIndex: Int? {
        guard let focus else { return nil }
        return boxes.firstIndex { ObjectIdentifier($0.node) == focus }
    }

    /// The node a focusable box stands for: its control (a list row's first), else itself.
    private func boundNode(_ index: Int) -> Node {
        controlIndex(in: index).map { boxes[$0].node } ?? boxes[index].node
    }

    /// Where the terminal's cursor shows: at the caret of the focused text field, while it is
    /// on the screen; nowhere for a read-only viewport, whose fields are inert.
    package var cursor: CursorPosition? {
        guard !isReadOnly, let index = focusedIndex, let fieldIndex = controlIndex(in: index),
              case .textField(let field) = boxes[fieldIndex].primitive else { return nil }
        let box = boxes[fieldIndex]
        let column = box.frame.column + TextFieldLayout.window(field, width: box.frame.width).caret
        let screen = GridRect(column: 0, row: 0, width: size.width, height: size.height)
        guard box.clip.intersection(screen).contains(column: column, row: box.frame.row) else { return nil }
        return CursorPosition(row: box.frame.row, column: column)
    }

    /// Moves the focus to follow the last `@FocusState` a program wrote, once per write: to the
    /// view marked with the value written, or off the view marked with the state when it was
    /// written unfocused. Returns whether that scrolled a container (the caller lays out again).
    package func followFocusRequest(in graph: ViewGraph) -> Bool {
        guard followedFocusRequest != graph.focusRequestGeneration else { return false }
        followedFocusRequest = graph.focusRequestGeneration
        let focusable = focusOrder(boxes)
        let candidates = focusable.map(boundNode)
        switch graph.focusFollowingRequest(current: focusedIndex.map(boundNode), candidates: candidates) {
        case nil:
            return false
        case .away:
            focus = nil
            return false
        case .to(let target):
            guard let position = candidates.firstIndex(where: { $0 === target }) else { return false }
            return moveFocus(to: focusable[position])
        }
    }

    /// Focuses box `index` and scrolls its container to show it; whether that scrolled.
    @discardableResult
    private func moveFocus(to index: Int) -> Bool {
        focus = ObjectIdentifier(boxes[index].node)
        let offsets = layoutKey
        scroll(toShow: index, anchor: nil)
        return layoutKey != offsets
    }

    private func action(for key: Key, in graph: ViewGraph, clicks: Int = 1) -> KeyAction? {
        let focusable = focusOrder(boxes)
        let current = focusable.firstIndex { ObjectIdentifier(boxes[$0].node) == self.focus }
        if let current, !isReadOnly, let field = control(in: focusable[current]), field.controlKind == .textField,
           let edit = Self.textEdit(for: key) {
            return .perform(field, edit)
        }
        func focus(_ position: Int) -> KeyAction? {
            guard !focusable.isEmpty else { return nil }
            return .focus(box: focusable[min(max(position, 0), focusable.count - 1)])
        }
        if let current, key == .up || key == .down, boxes.isFocusableScrollView(focusable[current]) {
            let index = focusable[current], content = boxes.contentRows(of: index), frame = boxes[index].frame
            if key == .down && content.upperBound > frame.maxRow { return .scroll(boxes[index].node, rows: 1) }
            if key == .up && content.lowerBound < frame.row { return .scroll(boxes[index].node, rows: -1) }
        }
        if let shortcut = shortcutAction(for: key, current: current.map { focusable[$0] }) { return shortcut }
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
                  !isReadOnly || control.controlKind?.changesData == false else { return nil }
            return .perform(control, .activate)
        case .left, .right:
            guard let current, !isReadOnly, let control = control(in: focusable[current]) else { return nil }
            switch control.controlKind {
            case .picker: return .perform(control, .moveHighlight(by: key == .left ? -1 : 1))
            case .stepper: return .perform(control, .adjust(by: key == .left ? -1 : 1))
            default: return nil
            }
        case .character(let character) where character == "-" || character == "+" || character == "−":
            guard let current, !isReadOnly, let control = control(in: focusable[current]), control.controlKind == .stepper else { return nil }
            return .perform(control, .adjust(by: character == "+" ? 1 : -1))
        case .escape, .backspace:
            if key == .escape, let presentation = presentationScope(boxes) { return .perform(boxes[presentation.lowerBound].node, .dismiss) }
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
        case .click(let row, let column):
            return clickAction(row: row, column: column, clicks: clicks)
        case .character, .paste, .delete, .wordLeft, .wordRight, .deleteWordBackward, .deleteToStart, .deleteToEnd:
            return nil
        }
    }

    /// What a key does in a focused text field; nil for the keys that keep their meaning there.
    private static func textEdit(for key: Key) -> ControlAction? {
        let edit: TextEdit
        switch key {
        case .character(let character): edit = .insert(String(character))
        case .space: edit = .insert(" ")
        case .paste(let text): edit = .insert(text)
        case .left: edit = .moveLeft
        case .right: edit = .moveRight
        case .wordLeft: edit = .moveWordLeft
        case .wordRight: edit = .moveWordRight
        case .home: edit = .moveToStart
        case .end: edit = .moveToEnd
        case .backspace: edit = .deleteBackward
        case .delete: edit = .deleteForward
        case .deleteWordBackward: edit = .deleteWordBackward
        case .deleteToStart: edit = .deleteToStart
        case .deleteToEnd: edit = .deleteToEnd
        case .enter: return .submit
        case .up, .down, .tab, .backTab, .escape, .pageUp, .pageDown, .wheel, .click: return nil
        }
        return .edit(edit)
    }

    /// The boxes focus moves through, in tree order: controls, list rows (a control inside a
    /// list row is reached through its row), and scroll views with nothing focusable inside. Rows built beyond the screen (overscan) count, so
    /// focus can move past the last visible row and the list follows. Disabled and hidden
    /// controls and rows are passed over.
    func focusOrder(_ boxes: [LayoutBox]) -> [Int] {
        var order: [Int] = []
        var insideRowUntil = -1
        for index in presentationScope(boxes) ?? boxes.indices {
            let box = boxes[index]
            if box.context.isDisabled || box.context.isHidden {
                continue
            } else if box.isListRow {
                order.append(index)
                insideRowUntil = index + box.descendants
            } else if (box.node.controlKind != nil || boxes.isFocusableScrollView(index)) && index > insideRowUntil {
                order.append(index)
            }
        }
        return order
    }

    /// The boxes of the presentation on top (`.sheet`, `.alert`), if one shows: the only ones
    /// focus moves through, and the one Escape dismisses. Presentations are placed last, so the
    /// last presentation box is the top one.
    private func presentationScope(_ boxes: [LayoutBox]) -> Range<Int>? {
        guard let top = boxes.lastIndex(where: { if case .presentation = $0.primitive { true } else { false } }) else { return nil }
        return top..<(top + boxes[top].descendants + 1)
    }

    /// What a click on a cell does: it focuses the innermost focusable box under the pointer (in
    /// the presentation on top, if one shows) and acts on the innermost control there: a button
    /// is pressed, a toggle flipped, a link followed; a picker's ‹ › and a stepper's − + act as
    /// their keys (`PrimitiveLayout.clickActions`); a text field only takes the focus; an
    /// `onTapGesture` is told the click's number in its series. A read-only viewport's controls
    /// that change data only take the focus. Nothing focusable there: nothing happens.
    private func clickAction(row: Int, column: Int, clicks: Int) -> KeyAction? {
        let scope = presentationScope(boxes) ?? boxes.indices
        guard let hit = scope.last(where: { index in
            !boxes[index].context.isHidden && boxes[index].frame.intersection(boxes[index].clip).contains(column: column, row: row)
        }) else { return nil }
        let encloses = { (index: Int) in index <= hit && hit <= index + self.boxes[index].descendants }
        guard let target = focusOrder(boxes).last(where: encloses) else { return nil }
        guard let controlIndex = (target...hit).last(where: { boxes[$0].node.controlKind != nil && encloses($0) }),
              let kind = boxes[controlIndex].node.controlKind, !isReadOnly || !kind.changesData else {
            return .click(box: target, control: nil, actions: [])
        }
        let box = boxes[controlIndex]
        let actions: [ControlAction] = switch kind {
        case .textField: []
        case .tapGesture: [.click(count: clicks)]
        default: box.primitive.layout.clickActions(column: column, row: row, in: box) ?? [.activate]
        }
        return .click(box: target, control: box.node, actions: actions)
    }

    /// What a key does as a `keyboardShortcut` (asked after a focused text field had its keys):
    /// a character anywhere; Escape for `.cancelAction`; Enter for `.defaultAction` while the
    /// focused box (if any) has no control to activate. Only the top presentation's shortcuts
    /// act while one shows; a read-only viewport's controls stay inert.
    private func shortcutAction(for key: Key, current: Int?) -> KeyAction? {
        let equivalent: KeyEquivalent
        switch key {
        case .character(let character): equivalent = KeyEquivalent(character)
        case .escape: equivalent = .escape
        case .enter where current.flatMap(control(in:)) == nil: equivalent = .return
        default: return nil
        }
        let scope = presentationScope(boxes) ?? boxes.indices
        guard let index = scope.first(where: { index in
            if case .keyboardShortcut(equivalent) = boxes[index].primitive { !boxes[index].context.isDisabled && !boxes[index].context.isHidden } else { false }
        }), let control = control(in: index), !isReadOnly || control.controlKind?.changesData == false else { return nil }
        return .perform(control, .activate)
    }

    /// The control a focused box stands for: itself, or a list row's first control.
    private func control(in index: Int) -> Node? {
        controlIndex(in: index).map { boxes[$0].node }
    }

    private func controlIndex(in index: Int) -> Int? {
        let box = boxes[index]
        if box.node.controlKind != nil { return index }
        return boxes[index...(index + box.descendants)].firstIndex { $0.node.controlKind != nil }
    }

    /// The box of the innermost scroll container holding box `index`.
    func scrollContainerBox(around index: Int) -> Int? {
        (0..<index).reversed().first { candidate in
            boxes[candidate].isScrollContainer && candidate + boxes[candidate].descendants >= index
        } ?? (boxes[index].isScrollContainer ? index : nil)
    }
}
