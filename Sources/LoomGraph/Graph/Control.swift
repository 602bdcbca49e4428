/// The kinds of control a viewer can act on.
package enum ControlKind: Sendable, Hashable {
    case button, toggle, picker, navigationLink, textField, stepper, tab, tapGesture

    /// Whether acting on it changes data others see (so an observer's is inert), rather than
    /// what this window shows (following a link, choosing a tab).
    package var changesData: Bool { self != .navigationLink && self != .tab }
}

/// What a viewer does to a control: activate it (press a button, flip a toggle, choose the
/// highlighted option of a picker, follow a link), move a picker's highlight, step a stepper,
/// edit a text field's text or submit it.
package enum ControlAction: Sendable, Hashable {
    case activate
    case moveHighlight(by: Int)
    /// Steps down (negative) or up this many times.
    case adjust(by: Int)
    case edit(TextEdit)
    case submit
    /// Dismisses a presentation (Escape over a sheet or an alert).
    case dismiss
    /// The primary mouse button pressed over it, the `count`th time in a row on one cell (an
    /// `onTapGesture`'s; other controls are activated by a click).
    case click(count: Int)
}

/// A control in the graph, found by its label; a host acts on it like a key press would.
package struct Control {
    package let kind: ControlKind
    /// The text of the control's label (the `Text`s of its label, joined by spaces).
    package let label: String
    package let node: Node

    package func perform(_ action: ControlAction) {
        node.perform(action)
    }

    package func tap() { perform(.activate) }
}

extension ViewGraph {
    /// Every control a viewer can see, in tree order (not those under a pushed navigation destination).
    package func controls() -> [Control] {
        var found: [Control] = []
        var stack: [Node] = [root]
        while let node = stack.popLast() {
            if let kind = node.controlKind {
                found.append(Control(kind: kind, label: label(of: node), node: node))
            }
            stack.append(contentsOf: node.visibleChildren.reversed())
        }
        return found
    }

    /// The text of a control's label (every control's first child is its label; a picker's
    /// options come after it), or of another view (a list row): its texts joined by spaces.
    package func label(of node: Node) -> String {
        let labelled = node.controlKind != nil ? node.children.first : node
        return labelled.map { snapshot(of: $0).flatMap(\.texts).joined(separator: " ") } ?? ""
    }

    /// The first control of `kind` whose label is `label`.
    package func control(_ kind: ControlKind, _ label: String) -> Control? {
        controls().first { $0.kind == kind && $0.label == label }
    }
}
