import LoomGraph
import Observation

/// Counts something a test view does (an `init`, a call); a reference so views can share it.
final class Tally {
    var count = 0
    func tick() { count += 1 }
}

/// A row with a `@State` count of its taps, shown as "ID:TAPS", and a button "tap ID".
struct TapRow: View {
    let id: Int
    @State private var taps = 0

    var body: some View {
        HStack {
            Text("\(id):\(taps)")
            Button("tap \(id)") { taps += 1 }
        }
    }
}

/// Records lifecycle events in order.
final class EventLog {
    var events: [String] = []
}

/// Mounts a view and runs its first frame, as a host does.
func mount<V: View>(_ view: V, window: LazyWindow = LazyWindow()) -> ViewGraph {
    let graph = ViewGraph(view, lazyWindow: window)
    graph.runPass()
    return graph
}

extension ViewGraph {
    /// Performs `change` and runs one frame; the work counters then count that frame only.
    func afterPass(_ change: () -> Void) {
        resetWorkCounters()
        change()
        runPass()
    }

    func bodies<V: View>(_ type: V.Type) -> Int { counters(of: type).bodies }
    func updates<V: View>(_ type: V.Type) -> Int { counters(of: type).updates }

    func tap(_ label: String) {
        guard let button = control(.button, label) else {
            preconditionFailure("no button labelled \(label); buttons: \(controls().filter { $0.kind == .button }.map(\.label))")
        }
        button.tap()
    }
}

/// A model changed by the test as a script or another part of the program would.
@Observable
final class Flags {
    var flag = false
    var number = 0
    var order: [Int] = []
}
