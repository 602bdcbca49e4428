import LoomJSON
import LoomStore

/// A `ForEach`'s rows: the members of a store object (insertion order, keyed by name) or array
/// (keyed by an `id` member when one is named, else by index), read as `@StoreMembers` reads
/// them — depending on the membership (and each element's `id`), not on what the members hold,
/// so one member's change re-evaluates its row, not the list.
enum DocumentRows {
    static func read(_ container: JSONPointer, keyedBy id: String?, store: Store?) -> [DocumentScope.Member] {
        guard let store else { return [] }
        return store.trackedMembers(at: container).map { key in
            let pointer = container.appending(key)
            guard let id, let identity = store.trackedValue(at: pointer.appending(id)) else {
                return DocumentScope.Member(pointer: pointer, key: key)
            }
            return DocumentScope.Member(pointer: pointer, key: identity.stringValue ?? identity.description)
        }
    }
}
