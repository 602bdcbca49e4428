import LoomGraph
import LoomJSON
import LoomStore

/// One member of a store object or array, as `@StoreMembers` lists it; `ForEach` keys rows by `id`.
public struct StoreMember: Identifiable, Hashable, Sendable {
    /// The object key, or the element's key member (its JSON text), or the array index.
    public let id: String
    /// The container, shared by all its members, and the member's key in it: a list of a
    /// million members holds one container path, not a million paths.
    private let container: JSONPointer
    private let key: String

    init(id: String, container: JSONPointer, key: String) {
        self.id = id
        self.container = container
        self.key = key
    }

    /// Where the member is: pass it to the row, which reads it with `@StoreValue`.
    public var path: JSONPointer { container.appending(key) }
}

/// The members of a store object (in insertion order) or array: `@StoreMembers("/jobs") var jobs`.
///
/// Reading it depends only on the membership — keys, count, order — so a list of jobs is not
/// re-evaluated when one job's status changes; only the row reading that job is. Arrays can be
/// keyed by a member of each element (`keyedBy: "id"`), so rows keep their identity when
/// elements move; the list then also depends on each element's key member.
@propertyWrapper
public struct StoreMembers: DynamicProperty {
    @Environment(StoreKey.self) private var store
    private let pointer: JSONPointer
    private let keyMember: String?

    public init(_ pointer: JSONPointer, keyedBy keyMember: String? = nil) {
        self.pointer = pointer
        self.keyMember = keyMember
    }

    public init(_ path: String, keyedBy keyMember: String? = nil) {
        self.init(JSONPointer(declared: path, in: "@StoreMembers"), keyedBy: keyMember)
    }

    public var wrappedValue: [StoreMember] {
        guard let store else { return [] }
        return store.trackedMembers(at: pointer).map { key in
            guard let keyMember, let id = store.trackedValue(at: pointer.appending(key).appending(keyMember)) else {
                return StoreMember(id: key, container: pointer, key: key)
            }
            return StoreMember(id: id.description, container: pointer, key: key)
        }
    }
}
