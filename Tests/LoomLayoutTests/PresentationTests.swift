import LoomGraph
import LoomLayout
import Testing

/// `.sheet`, `.alert` and `.confirmationDialog`: presented over the whole scene, focus and
/// Escape theirs while they show.
@Suite("Presentations")
struct PresentationTests {
    private final class Log { var lines: [String] = [] }

    private struct Rename: View {
        @Environment(\.dismiss) private var dismiss
        @Binding var name: String
        @State private var draft = ""
        var body: some View {
            VStack(alignment: .leading) {
                Text("Rename").bold()
                TextField("new name", text: $draft)
                HStack {
                    Button("Cancel", role: .cancel) { dismiss() }
                    Button("Save") {
                        name = draft
                        dismiss()
                    }
                }
            }
        }
    }

    private struct Board: View {
        let log: Log
        @State var name = "ops"
        @State var renaming = false
        @State var ticks = 0
        var body: some View {
            VStack(alignment: .leading) {
                Text("board \(name)")
                Button("rename") { renaming = true }
                Button("tick") { ticks += 1 }
                ForEach(0..<5, id: \.self) { row in Text("row \(row) · \(ticks)") }
            }
            .sheet(isPresented: $renaming, onDismiss: { log.lines.append("dismissed") }) {
                Rename(name: $name)
            }
        }
    }

    @Test func aSheetIsDrawnOverTheSceneAndHasTheFocusAndItsOwnState() {
        let log = Log()
        let host = ViewHost(Board(log: log), width: 24, height: 9)
        #expect(host.text.hasPrefix("board ops\nrename"))
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == """
            board ops
            rename
            ti┌──────────────────┐
            ro│ Rename           │
            ro│ new name         │
            ro│ Cancel Save      │
            ro└──────────────────┘
            row 4 · 0
            """, "\n\(host.text)")
        host.press(.tab)
        host.type("web")
        #expect(host.text.contains("│ web              │"), "the sheet's field has the keys:\n\(host.text)")
        for _ in 0..<4 { host.press(.backTab) }
        #expect(host.cursor?.row == 4, "focus stays in the sheet, at its first control, not on the board's buttons")
        for _ in 0..<4 { host.press(.tab) }
        host.press(.enter)
        #expect(host.text.hasPrefix("board web\nrename\ntick\nrow 0 · 0"), "Save wrote the binding and dismissed:\n\(host.text)")
        #expect(log.lines == ["dismissed"])
    }

    @Test func escapeDismissesTheSheetAndWhatIsTypedInItIsGoneWithIt() {
        let log = Log()
        let host = ViewHost(Board(log: log), width: 24, height: 9)
        host.press(.tab)
        host.press(.enter)
        host.press(.tab)
        host.type("draft")
        host.press(.escape)
        #expect(host.text.hasPrefix("board ops\nrename\ntick"), "\(host.text)")
        #expect(log.lines == ["dismissed"])
        host.press(.tab)
        host.press(.enter)
        #expect(host.text.contains("│ new name         │"), "a new sheet, its state new:\n\(host.text)")
    }

    @Test func theSceneUnderASheetChangesAndTheSheetStaysOnTop() {
        struct Ticking: View {
            @State var ticks = 0
            @State var shown = true
            var body: some View {
                VStack(alignment: .leading) {
                    Button("tick") { ticks += 1 }
                    ForEach(0..<4, id: \.self) { row in Text("row \(row) \(ticks)") }
                }
                .sheet(isPresented: $shown) { Text("over") }
            }
        }
        let host = ViewHost(Ticking(), width: 12, height: 5)
        #expect(host.text == "tick\nro┌──────┐\nro│ over │\nro└──────┘\nrow 3 0", "\n\(host.text)")
        host.graph.controls().first { $0.label == "tick" }?.tap()
        host.runFrame()
        #expect(host.text == "tick\nro┌──────┐\nro│ over │\nro└──────┘\nrow 3 1", "the rows under the sheet changed, the sheet was drawn over them again:\n\(host.text)")
    }

    private struct Deleting: View {
        let log: Log
        @State var asking = false
        @State var choosing = false
        var body: some View {
            VStack {
                Button("delete") { asking = true }
                Button("export") { choosing = true }
            }
            .alert("Delete board?", isPresented: $asking) {
                Button("Delete", role: .destructive) { log.lines.append("deleted") }
                Button("Cancel", role: .cancel) {}
            } message: {
                Text("It cannot be undone.")
            }
            .confirmationDialog("Export as", isPresented: $choosing) {
                Button("JSON") { log.lines.append("json") }
                Button("CSV") { log.lines.append("csv") }
            }
        }
    }

    @Test func anAlertsActionsAreInARowAndAnyOfThemDismissesIt() {
        let log = Log()
        let host = ViewHost(Deleting(log: log), width: 30, height: 9)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == """
            delete
            exp┌──────────────────────┐
               │    Delete board?     │
               │                      │
               │ It cannot be undone. │
               │                      │
               │    Delete  Cancel    │
               └──────────────────────┘
            """, "\n\(host.text)")
        #expect(host.markup.contains("{fg=red}Delete{}"), "destructive is red")
        host.press(.tab)
        host.press(.enter)
        #expect(log.lines == ["deleted"])
        #expect(shown(host) == "delete\nexport", "the action ran, then the alert went")
    }

    @Test func aDialogsActionsAreInAColumnAndEscapeDismissesIt() {
        let log = Log()
        let host = ViewHost(Deleting(log: log), width: 20, height: 9)
        host.press(.tab)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == """
            delete
            exp┌───────────┐
               │ Export as │
               │           │
               │   JSON    │
               │   CSV     │
               └───────────┘
            """, "\n\(host.text)")
        host.press(.escape)
        #expect(shown(host) == "delete\nexport")
        #expect(log.lines.isEmpty)
    }

    @Test func anAlertWithoutActionsHasAnOKButton() {
        struct Notice: View {
            @State var shown = true
            var body: some View { Text("base").alert("Saved", isPresented: $shown) {} }
        }
        let host = ViewHost(Notice(), width: 16, height: 7)
        #expect(host.text.contains("Saved") && host.text.contains("OK"), "\n\(host.text)")
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "base")
    }

    @Test func aSheetForAnItemStartsAgainForAnotherItem() {
        struct Item: Identifiable { let id: Int }
        struct Counter: View {
            let item: Item
            @State var presses = 0
            var body: some View { Button("\(item.id): \(presses)") { presses += 1 } }
        }
        struct Items: View {
            @State var item: Item?
            var body: some View {
                VStack {
                    Button("one") { item = Item(id: 1) }
                    Button("two") { item = Item(id: 2) }
                }
                .sheet(item: $item) { Counter(item: $0) }
            }
        }
        let host = ViewHost(Items(), width: 16, height: 7)
        host.press(.tab)
        host.press(.enter)
        host.press(.tab)
        host.press(.enter)
        #expect(host.text.contains("1: 1"), "\n\(host.text)")
        host.graph.controls().first { $0.label == "two" }?.tap()
        host.runFrame()
        #expect(host.text.contains("2: 0"), "another item, another sheet:\n\(host.text)")
        host.press(.escape)
        #expect(!host.text.contains("2: 0"))
    }

    @Test func dismissInANavigationDestinationPopsIt() {
        struct Detail: View {
            @Environment(\.dismiss) private var dismiss
            let id: Int
            var body: some View { Button("done with \(id)") { dismiss() } }
        }
        struct Stack: View {
            var body: some View {
                NavigationStack {
                    NavigationLink("open", value: 7)
                        .navigationDestination(for: Int.self) { Detail(id: $0) }
                }
            }
        }
        let host = ViewHost(Stack(), width: 16, height: 2)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "done with 7")
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "open ›", "the destination's dismiss popped it")
    }
}
