import LoomGraph

/// A document's text field: the text being edited is the viewer's own (each window's, as
/// SwiftUI's `@State` is), and Enter writes it to the store path in one transaction — a shared
/// board does not see each keystroke, and the store does not commit one. Until the store's value
/// changes or the viewer edits, the field shows the store's value.
struct DocumentTextField: View {
    let label: String
    let prompt: String?
    let stored: String
    /// Shown as dots (SwiftUI's `SecureField`).
    let secure: Bool
    let write: (String) -> Void
    /// The text being edited, when it differs from what the store holds.
    @State private var draft: String?

    var body: some View {
        let text = Binding(get: { draft ?? stored }, set: { draft = $0 })
        let field = secure ? AnyView(SecureField(label, text: text, prompt: prompt.map { Text(verbatim: $0) }))
                           : AnyView(TextField(label, text: text, prompt: prompt.map { Text(verbatim: $0) }))
        field.onSubmit {
            if let draft { write(draft) }
            draft = nil
        }
    }
}
