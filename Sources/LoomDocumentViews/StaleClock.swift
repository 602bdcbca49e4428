import Foundation
import LoomGraph

/// A view that changes once, when a moment passes: `fresh` until `deadline`, `stale` after (a
/// `stale` modifier). While fresh, one task sleeps until the deadline and then re-evaluates this
/// view: a silent feeder greys its board with one evaluation per stale view, never a poll per
/// frame. A new moment (the feeder wrote) is a new deadline, and the task starts again.
struct StaleClock: View {
    let deadline: Date
    let fresh: AnyView
    let stale: AnyView
    @State private var checks = 0

    var body: some View {
        // Read, so that the task's write re-evaluates this body.
        let _ = checks
        if Date() >= deadline {
            stale
        } else {
            fresh.task(id: deadline) {
                try await Task.sleep(for: .seconds(max(0, deadline.timeIntervalSinceNow)) + .milliseconds(5))
                checks += 1
            }
        }
    }
}
