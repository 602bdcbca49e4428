/// `.sheet`, `.alert` and `.confirmationDialog`: a view presented over the whole scene, as a
/// window presents one in SwiftUI, while its binding says so.
///
/// The presented view is a child of the modifier, so it reads the environment and the state
/// around the place it is presented from, and lives (with its own `@State`) while it is shown.
/// It is laid out apart, though: over the screen, centred, after everything else (layout reads
/// `ViewGraph.presentations`), and while one shows, focus moves only through its controls and
/// Escape dismisses it. A viewer's presentations are its own, as its other view state is.
public struct _PresentationModifier<Content: View, Presented: View>: View {
    let content: Content
    /// nil while nothing is presented.
    let presented: Presented?
    let style: PresentationStyle
    let dismiss: DismissAction
    let onDismiss: (() -> Void)?
}

/// How a presentation looks: a sheet is a bordered panel; an alert and a dialog are one too,
/// their actions in a row or a column.
public enum PresentationStyle: Sendable, Hashable {
    case sheet, alert, confirmationDialog
}

extension _PresentationModifier: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(content)
        if let presented {
            children.append(_Presentation(content: presented.environment(\.dismiss, dismiss), style: style, dismiss: dismiss, onDismiss: onDismiss))
        }
    }

    func primitive(in node: PrimitiveNode<_PresentationModifier>) -> Primitive? { .presenting }
}

/// The presented view's container: registered with the graph while it lives.
struct _Presentation<Content: View>: View {
    let content: Content
    let style: PresentationStyle
    let dismiss: DismissAction
    let onDismiss: (() -> Void)?
}

extension _Presentation: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(content)
    }

    func primitive(in node: PrimitiveNode<_Presentation>) -> Primitive? { .presentation(style) }

    func nodeDidAppear(_ node: PrimitiveNode<_Presentation>) {
        node.graph.presentations.append(node)
    }

    /// Gone, however it went (dismissed, its binding set false, its presenter gone): `onDismiss`
    /// runs after the pass, as `onDisappear` does.
    func nodeWillBeDestroyed(_ node: PrimitiveNode<_Presentation>) {
        node.graph.presentations.removeAll { $0 === node }
        if let onDismiss { node.graph.afterPass(onDismiss) }
    }

    func perform(_ action: ControlAction, in node: PrimitiveNode<_Presentation>) {
        if action == .dismiss { dismiss() }
    }
}

/// What `@Environment(\.dismiss)` gives: dismisses the presentation the view is in (a sheet,
/// an alert); outside one, it does nothing.
public struct DismissAction {
    let action: () -> Void

    public func callAsFunction() {
        action()
    }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction {} }
}

extension EnvironmentValues {
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}

extension View {
    /// Presents `content` over the scene while `isPresented` is true; Escape, or
    /// `@Environment(\.dismiss)` in it, sets it false. `onDismiss` runs when it goes.
    public func sheet<Sheet: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                   @ViewBuilder content: () -> Sheet) -> _PresentationModifier<Self, Sheet> {
        _PresentationModifier(content: self, presented: isPresented.wrappedValue ? content() : nil, style: .sheet,
                              dismiss: DismissAction { isPresented.wrappedValue = false }, onDismiss: onDismiss)
    }

    /// Presents `content` for the item while there is one; another item is another sheet
    /// (its state starts again). Dismissing sets the item nil.
    public func sheet<Item: Identifiable, Sheet: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                        @ViewBuilder content: (Item) -> Sheet) -> _PresentationModifier<Self, ModifiedContent<Sheet, _IdentityModifier>> {
        _PresentationModifier(content: self, presented: item.wrappedValue.map { content($0).id($0.id) }, style: .sheet,
                              dismiss: DismissAction { item.wrappedValue = nil }, onDismiss: onDismiss)
    }

    /// An alert: its title bold, the message, and its actions in a row; any action dismisses
    /// it, as does Escape. With no actions, an OK button.
    public func alert<Actions: View>(_ title: String, isPresented: Binding<Bool>,
                                     @ViewBuilder actions: () -> Actions) -> _PresentationModifier<Self, _AlertContent<Actions, EmptyView>> {
        alert(title, isPresented: isPresented, actions: actions) { EmptyView() }
    }

    public func alert<Actions: View, Message: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> Actions,
                                                    @ViewBuilder message: () -> Message) -> _PresentationModifier<Self, _AlertContent<Actions, Message>> {
        let dismiss = DismissAction { isPresented.wrappedValue = false }
        let shown = isPresented.wrappedValue
            ? _AlertContent(title: title, showsTitle: true, actions: actions(), message: message(), inColumn: false, dismiss: dismiss) : nil
        return _PresentationModifier(content: self, presented: shown, style: .alert, dismiss: dismiss, onDismiss: nil)
    }

    /// A confirmation dialog: its actions in a column under its title (unless the title is
    /// `.hidden`) and message; any action dismisses it, as does Escape.
    public func confirmationDialog<Actions: View>(_ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
                                                  @ViewBuilder actions: () -> Actions) -> _PresentationModifier<Self, _AlertContent<Actions, EmptyView>> {
        confirmationDialog(title, isPresented: isPresented, titleVisibility: titleVisibility, actions: actions) { EmptyView() }
    }

    public func confirmationDialog<Actions: View, Message: View>(_ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
                                                                 @ViewBuilder actions: () -> Actions,
                                                                 @ViewBuilder message: () -> Message) -> _PresentationModifier<Self, _AlertContent<Actions, Message>> {
        let dismiss = DismissAction { isPresented.wrappedValue = false }
        let shown = isPresented.wrappedValue
            ? _AlertContent(title: title, showsTitle: titleVisibility != .hidden, actions: actions(), message: message(), inColumn: true, dismiss: dismiss)
            : nil
        return _PresentationModifier(content: self, presented: shown, style: .confirmationDialog, dismiss: dismiss, onDismiss: nil)
    }
}

/// An alert's or a dialog's content. Its buttons dismiss it after their action (the
/// environment tells them to).
public struct _AlertContent<Actions: View, Message: View>: View {
    let title: String
    let showsTitle: Bool
    let actions: Actions
    let message: Message
    let inColumn: Bool
    let dismiss: DismissAction

    public var body: some View {
        VStack(spacing: 1) {
            if showsTitle { Text(verbatim: title).bold() }
            message
            Group {
                if Actions.self == EmptyView.self {
                    Button("OK") {}
                } else if inColumn {
                    VStack { actions }
                } else {
                    HStack(spacing: 2) { actions }
                }
            }
            .environment(\.dismissesAfterAction, dismiss)
        }
    }
}

private struct DismissesAfterActionKey: EnvironmentKey {
    static var defaultValue: DismissAction? { nil }
}

extension EnvironmentValues {
    /// Set in an alert or a dialog: a button there dismisses it after its action.
    var dismissesAfterAction: DismissAction? {
        get { self[DismissesAfterActionKey.self] }
        set { self[DismissesAfterActionKey.self] = newValue }
    }
}
