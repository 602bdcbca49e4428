import LoomCollections

/// A few values by key, found by comparing keys in turn: a layout cache entry holds one to a
/// handful of sizes (a text measured at zero, at its natural width, at its share), where
/// hashing each lookup's key cost more than comparing it with every key held. Past `capacity`
/// the oldest value is dropped (a node measured at ever new widths, as a window is resized).
///
/// Values stored with `keep(_:for:pass:)` are never dropped in the pass that stored them: a
/// stack measures each child at zero, at infinity and at its share, so a node deep in nested
/// stacks is asked more sizes in one pass than `capacity`; dropping one it will be asked again
/// made layout exponential in the depth (measured: a 1x20 screen of 60 nodes did not finish in
/// a minute). Kept for the pass, each size is computed once per pass and proposal.
struct SmallCache<Key: Equatable, Value> {
    private var items: [(key: Key, value: Value, pass: Int)] = []
    static var capacity: Int { 16 }

    /// Whether a value stored with `keep` was dropped since the cache was last emptied: then
    /// the values held are not every one computed.
    private(set) var dropped = false

    /// Stores a value computed in layout pass `pass`: past `capacity`, the oldest value of
    /// another pass is dropped, or none, and the cache grows until the pass ends.
    mutating func keep(_ value: Value, for key: Key, pass: Int) {
        if items.count >= Self.capacity, let oldest = items.firstIndex(where: { $0.pass != pass }) {
            items.remove(at: oldest)
            dropped = true
        }
        items.append((key, value, pass))
    }

    /// The keys and values held, oldest first.
    var contents: some Sequence<(key: Key, value: Value)> { items.lazy.map { ($0.key, $0.value) } }

    var isEmpty: Bool { items.isEmpty }

    subscript(key: Key) -> Value? {
        get {
            for item in items where item.key == key { return item.value }
            return nil
        }
        set {
            if let index = items.firstIndex(where: { $0.key == key }) {
                if let newValue { items[index].value = newValue } else { items.remove(at: index) }
            } else if let newValue {
                if items.count >= Self.capacity {
                    items.removeFirst()
                    dropped = true
                }
                items.append((key, newValue, 0))
            }
        }
    }

    /// Holds what `other` holds, in this cache's own storage: shared with `other`, it would
    /// be copied when either is next emptied (every frame that keeps a leaf's sizes).
    mutating func copyContents(of other: SmallCache) {
        items.removeAllKeepingStorage()
        items.append(contentsOf: other.items)
        dropped = other.dropped
    }

    /// Forgets every value, keeping the storage for the next ones.
    mutating func removeAll() {
        items.removeAllKeepingStorage()
        dropped = false
    }
}
