/// `.onTapGesture`: an action for a click on the view, where the viewer's terminal reports the
/// mouse (`count` clicks in a row on one cell, as a double click; see `Focus.swift`).
///
/// Unlike SwiftUI's, the view is also reachable without a pointer: focus stops on it as on a
/// button, and Enter or Space runs the action whatever `count` says. A terminal is often driven
/// by keys alone, and a board whose rows react only to a mouse would lock those users out. For
/// an observer it is inert, as a button is: the action may change what others see.
public struct _TapGestureView<Content: View>: View {
    let content: Content
    let count: Int
    let action: () -> Void
}

extension View {
    /// Runs `action` when the view is clicked `count` times in a row (or activated from the keyboard).
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> _TapGestureView<Self> {
        _TapGestureView(content: self, count: count, action: action)
    }
}

extension _TapGestureView: PrimitiveView {
    func updateChildren(_ children: inout ChildList) { children.append(content) }
    func primitive(in node: PrimitiveNode<_TapGestureView>) -> Primitive? { .tapGesture }
    static var controlKind: ControlKind? { .tapGesture }

    func perform(_ action: ControlAction, in node: PrimitiveNode<_TapGestureView>) {
        switch action {
        case .activate: self.action()
        case .click(let clicks) where clicks == count: self.action()
        default: break
        }
    }
}
