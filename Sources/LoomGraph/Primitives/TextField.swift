/// A line of editable text bound to a `Binding<String>`, as SwiftUI's `TextField`.
///
/// A viewer edits the focused field with the keys of a line editor (`TextEdit`); every edit
/// writes the binding at once, as SwiftUI's does, so views reading the text follow it as it is
/// typed. Enter submits it: the `onSubmit` actions around it run. The caret is the field node's
/// own view state, like a picker's highlight: a viewer that types has a graph of its own, so
/// its caret and, for a field bound to `@State`, its text are its own. A change of the text
/// from elsewhere puts the caret at the end.
///
/// The title is what the field shows while empty (SwiftUI's placeholder, dimmed); a `prompt`
/// replaces it there. A label view is kept for what names the control (`loom` and tests find
/// controls by it) but not drawn: a terminal field has no room beside it, as on iOS.
public struct TextField<Label: View>: View {
    let label: Label
    let text: Binding<String>
    let placeholder: String
    let isSecure: Bool

    init(text: Binding<String>, placeholder: String, isSecure: Bool, label: Label) {
        self.label = label
        self.text = text
        self.placeholder = placeholder
        self.isSecure = isSecure
    }

    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt?.plainText ?? "", isSecure: false, label: label())
    }
}

extension TextField where Label == Text {
    public init(_ title: String, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, placeholder: prompt?.plainText ?? title, isSecure: false, label: Text(title))
    }
}

/// A text field whose characters are drawn as bullets, as SwiftUI's `SecureField`: the text
/// is still the binding's, and the daemon's; only what is drawn (and sent) hides it.
public struct SecureField<Label: View>: View {
    let field: TextField<Label>

    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        field = TextField(text: text, placeholder: prompt?.plainText ?? "", isSecure: true, label: label())
    }

    public var body: some View { field }
}

extension SecureField where Label == Text {
    public init(_ title: String, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(text: text, placeholder: prompt?.plainText ?? title, isSecure: true, label: Text(title))
    }
}

/// A text field's view state: the text as it is being edited and its caret.
final class TextFieldState {
    var editing = TextEditing(text: "")
}

extension TextField: PrimitiveView {
    static var readsState: Bool { true }
    static var primitiveReadsTheNode: Bool { true }

    func updateChildren(_ children: inout ChildList) {
        let state = children.node.state { TextFieldState() }
        let current = text.wrappedValue
        if current != state.editing.text { state.editing = TextEditing(text: current) }
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<TextField>) -> Primitive? {
        let editing = node.state { TextFieldState() }.editing
        let shown = isSecure ? String(repeating: "•", count: editing.text.count) : editing.text
        return .textField(TextFieldSpec(text: shown, placeholder: placeholder, caret: editing.caret))
    }

    static var controlKind: ControlKind? { .textField }

    func perform(_ action: ControlAction, in node: PrimitiveNode<TextField>) {
        let state = node.state { TextFieldState() }
        switch action {
        case .edit(let edit):
            var editing = state.editing
            editing.apply(edit)
            if editing.text != state.editing.text {
                text.wrappedValue = editing.text
                // A binding may refuse or change what it is given (a constant, a setter that
                // trims): the field shows what it holds now.
                let held = text.location.peek()
                if held != editing.text { editing = TextEditing(text: held) }
            }
            state.editing = editing
            node.graph.layoutChanged(node)
        case .submit:
            node.submit(.text)
        case .activate, .moveHighlight, .adjust, .dismiss, .click:
            break
        }
    }
}

/// What a text field shows: its text (bullets for a secure field), what it shows while empty,
/// and where the caret is, in characters.
public struct TextFieldSpec: Sendable, Hashable {
    public var text: String
    public var placeholder: String
    public var caret: Int
}
