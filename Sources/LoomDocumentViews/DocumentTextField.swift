import LoomGraph

/// A document's text field: the text being edited is the viewer's own (each window's, as
/// SwiftUI's `@State` is), and Enter writes it to the store path in one transaction — a shared
/// board does not see each keystroke, and the store does not commit one. Until the store's value
/// changes or the viewer edits, the field shows the store's value.
struct DocumentTextField: View {
    let label: String
    let prompt: String?
    let stored: String
    let write: (String) -> Void
    /// The text being edited, when it differs from what the store holds.
    @State private var draft: String?

    var body: some View {
        TextField(label, text: Binding(get: { draft ?? stored }, set: { draft = $0 }), prompt: prompt.map { Text(verbatim: $0) })
            .onSubmit {
                if let draft { write(draft) }
                draft = nil
            }
    }
}
