import Observation

/// A row of the benchmarks' lists: an `@Observable` model with one changing value, so a change
/// invalidates exactly the view reading that row.
@Observable
final class BenchmarkRow: Identifiable {
    let id: Int
    var value = 0

    init(id: Int) {
        self.id = id
    }
}
