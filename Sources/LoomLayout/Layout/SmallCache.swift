/// A few values by key, found by comparing keys in turn: a layout cache entry holds one to a
/// handful of sizes (a text measured at zero, at its natural width, at its share), where
/// hashing each lookup's key cost more than comparing it with every key held. Past `capacity`
/// the oldest value is dropped (a node measured at ever new widths, as a window is resized).
struct SmallCache<Key: Equatable, Value> {
    private var items: [(key: Key, value: Value)] = []
    static var capacity: Int { 16 }

    subscript(key: Key) -> Value? {
        get {
            for item in items where item.key == key { return item.value }
            return nil
        }
        set {
            if let index = items.firstIndex(where: { $0.key == key }) {
                if let newValue { items[index].value = newValue } else { items.remove(at: index) }
            } else if let newValue {
                if items.count == Self.capacity { items.removeFirst() }
                items.append((key, newValue))
            }
        }
    }

    /// Forgets every value, keeping the storage for the next ones.
    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
    }
}
