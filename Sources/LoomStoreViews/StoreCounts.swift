import LoomGraph
import LoomJSON
import LoomStore

/// How many members of a store container have each value of one of their members:
/// `@StoreCounts("/jobs", by: "status") var counts` gives `["running": 3, "ok": 12]`.
///
/// Reading it depends on the counts alone (`Store.trackedCounts`): a view of the statuses of a
/// million jobs is evaluated again when a count changes, not whenever a job does, and it costs
/// no more than reading one value.
@propertyWrapper
public struct StoreCounts: DynamicProperty {
    @Environment(StoreKey.self) private var store
    private let pointer: JSONPointer
    private let member: String

    public init(_ pointer: JSONPointer, by member: String) {
        self.pointer = pointer
        self.member = member
    }

    /// A path written in the program; an invalid one is a programming error.
    public init(_ path: String, by member: String) {
        self.init(JSONPointer(declared: path, in: "@StoreCounts"), by: member)
    }

    /// The count of members per value (values no member has are absent).
    public var wrappedValue: [JSONValue: Int] {
        store?.trackedCounts(at: pointer, by: member) ?? [:]
    }
}
