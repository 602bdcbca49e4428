// A daemon of your own with one scene: the complete example of README.md, "Writing your own
// scene". It is a target of the package (`loom-example-counter`), so it always compiles, and
// a test runs it under systemd's socket activation as the shipped unit would.
//
//   swift run loom-example-counter --ephemeral --socket /tmp/counter.sock &
//   LOOM_SOCKET=/tmp/counter.sock loom attach counter      # Tab to the button, Enter to press it
//   LOOM_SOCKET=/tmp/counter.sock loom set /greeting '"hello from a script"'
import Loom

/// The scene: a line from the store (scripts change it), and a button with local state.
struct Counter: View {
    @StoreValue("/greeting") var greeting: JSONValue?
    @State private var presses = 0

    var body: some View {
        VStack(alignment: .leading) {
            Text(greeting?.stringValue ?? "no greeting yet: loom set /greeting '\"hi\"'").bold()
            HStack {
                Button("press me") { presses += 1 }
                Text("pressed \(presses) times").foregroundColor(presses == 0 ? .gray : .green)
            }
        }
        .padding(1)
        .border(.blue)
    }
}

/// The daemon: every option of `loomd` (`--help`), socket activation, systemd's notifications.
@main
struct CounterApp: LoomApp {
    var scenes: [Scene] {
        Scene("counter") { Counter() }
    }
}
