import LoomGraph
import LoomJSON
import LoomSceneDocuments
import LoomStore

/// A repetition's rows: the members of a store object (insertion order, keyed by name) or array
/// (keyed by an `id` member when one is named, else by index), read as `@StoreMembers` reads
/// them — depending on the membership (and each element's `id`), not on what the members hold,
/// so one member's change re-evaluates its row, not the list.
///
/// A sort or filter reads, for each member, the members it names: the repetition then depends
/// on those too (a `status` change re-evaluates the order, a `progress` change still only its
/// row). That costs the members read, so it stops at `Repetition.maximumSortedMembers`.
enum DocumentRows {
    struct Rows {
        var members: [DocumentScope.Member]
        /// How many members the container holds, when more than were sorted and filtered.
        var unsorted: Int?
    }

    /// `tail`: only the last members are wanted (a log): of an array, only their indices are
    /// made, so a log of a million lines costs what its tail costs.
    static func read(_ repetition: Repetition, reader: DocumentReader, tail: Int? = nil) -> Rows {
        guard let store = reader.store, let container = reader.pointer(repetition.data) else { return Rows(members: []) }
        var keys: [String]
        if let tail, repetition.sort.isEmpty, repetition.filter == nil, case .array? = store.value(at: container) {
            let count = store.trackedCount(at: container)
            keys = (Swift.max(0, count - tail)..<count).map(String.init)
        } else {
            keys = store.trackedMembers(at: container)
            if let tail { keys = Array(keys.suffix(tail)) }
        }
        var members = keys.map { key in
            let pointer = container.appending(key)
            guard let id = repetition.id, let identity = store.trackedValue(at: pointer.appending(id)) else {
                return DocumentScope.Member(pointer: pointer, key: key)
            }
            return DocumentScope.Member(pointer: pointer, key: identity.stringValue ?? identity.description)
        }
        guard !repetition.sort.isEmpty || repetition.filter != nil else { return Rows(members: members) }
        var unsorted: Int?
        if members.count > Repetition.maximumSortedMembers {
            unsorted = members.count
            members.removeSubrange(Repetition.maximumSortedMembers...)
        }
        var kept: [(member: DocumentScope.Member, keys: [JSONValue?], place: Int)] = []
        for (place, member) in members.enumerated() {
            let row = DocumentReader(store: store, scope: reader.scope.appending(member), values: reader.values)
            if let filter = repetition.filter, !filter.holds({ row.read($0) }) { continue }
            kept.append((member, repetition.sort.map { row.read($0.path) }, place))
        }
        kept.sort { lhs, rhs in
            for (index, key) in repetition.sort.enumerated() {
                let order = compare(lhs.keys[index], rhs.keys[index], by: key)
                if order != 0 { return order < 0 }
            }
            return lhs.place < rhs.place
        }
        return Rows(members: kept.map(\.member), unsorted: unsorted)
    }

    /// -1, 0 or 1: by the place in `order` when the key gives one (values not in it after those
    /// in it), else numbers before text, each by value; missing values last whatever the direction.
    private static func compare(_ lhs: JSONValue?, _ rhs: JSONValue?, by key: SortKey) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (let lhs?, let rhs?):
            var order: Int
            if let list = key.order {
                let a = list.firstIndex(of: lhs) ?? list.count, b = list.firstIndex(of: rhs) ?? list.count
                order = a < b ? -1 : a > b ? 1 : 0
            } else if let compared = Predicate.compare(lhs, rhs) {
                order = compared
            } else {
                // Numbers, then text, then anything else (booleans, null, containers), each kind together.
                order = rank(lhs) < rank(rhs) ? -1 : rank(lhs) > rank(rhs) ? 1 : 0
            }
            return key.descending ? -order : order
        }
    }

    private static func rank(_ value: JSONValue) -> Int {
        switch value {
        case .int, .double: 0
        case .string: 1
        default: 2
        }
    }
}

extension DocumentRows {
    /// The row that says a sort or filter stopped at its bound.
    static func unsortedNote(_ total: Int) -> some View {
        Text(verbatim: "… sorted and filtered among the first \(Repetition.maximumSortedMembers) of \(total) members").foregroundColor(.gray)
    }
}
