/// The name meant, among those valid at a place: first one equal when case and `_`/`-` are
/// ignored (`ForEach` for `foreach`, `minWidth` for `min_width`), then the nearest within two
/// edits (`width` for `widht`), as Textual's and Cargo's "did you mean" do. nil when none is close.
enum Suggestion {
    static func nearest(to written: String, among names: [String]) -> String? {
        let folded = fold(written)
        if let same = names.first(where: { fold($0) == folded }) { return same }
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(Array(folded), Array(fold(name)), limit: 2)
            if distance <= 2, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        // A two-edit match of a very short word is noise ("id" for "if").
        guard let best, best.distance < 2 || written.count > 3 else { return nil }
        return best.name
    }

    private static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Optimal string alignment distance (adjacent swaps count one), stopping early past `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                smallest = min(smallest, value)
            }
            if smallest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
