import LoomJSON

/// A value a document derives from a store collection (`"values": {"byStatus": {"count":
/// "/jobs", "by": "status"}}`), read as `$byStatus/failed`. Kept by the store as it keeps
/// `@StoreCounts` — counts per value of a member, updated from each transaction's edits — so a
/// view of a million jobs' statuses depends on the counts, not on a million members, and is
/// evaluated again only when a count changes. That is the whole vocabulary: arithmetic belongs
/// to the feeder, which writes a derived field with one patch.
public enum DerivedValue: Sendable, Hashable {
    /// How many members the container has (`$jobs`).
    case count(JSONPointer)
    /// How many members have each value of a member (`$byStatus/failed`; `$byStatus` alone is an
    /// object from each value's text to its count).
    case countBy(JSONPointer, member: String)
    /// The sum, least, greatest or mean of a numeric member over the container's members
    /// (computed from the counts per value: as costly as the number of distinct values).
    case aggregate(Aggregate, JSONPointer, member: String)

    public enum Aggregate: String, Sendable, Hashable, CaseIterable {
        case sum, min, max, mean
    }

    /// The names a value's object takes.
    static let kinds = ["count"] + Aggregate.allCases.map(\.rawValue)
}
