import Synchronization

/// A process-wide cache of something derived once per type (comparison strategies, property layouts).
///
/// Building may recurse into other types' entries, so the lock is never held while building:
/// two threads may build the same entry at once, and the first one stored wins.
final class TypeCache<Entry: Sendable>: Sendable {
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func entry(for type: Any.Type, build: () -> Entry) -> Entry {
        let key = ObjectIdentifier(type)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let built = build()
        return entries.withLock { entries in
            if let raced = entries[key] { return raced }
            entries[key] = built
            return built
        }
    }
}
