import LoomGraph

/// A document's button that asks first (`"confirm": "Retry {name}?"`): pressed, it presents a
/// confirmation dialog, SwiftUI's, whose first action applies the patch and whose other
/// dismisses it. Whether the dialog shows is the pressing viewer's own view state.
struct ConfirmingButton: View {
    let label: String
    let role: ButtonRole?
    let question: String
    let action: () -> Void
    @State private var asking = false

    var body: some View {
        Button(label, role: role) { asking = true }
            .confirmationDialog(question, isPresented: $asking, titleVisibility: .visible) {
                Button(label, role: role, action: action)
                Button("Cancel", role: .cancel) {}
            }
    }
}
