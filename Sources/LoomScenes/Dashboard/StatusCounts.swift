import LoomGraph
import LoomJSON
import LoomStoreViews

/// How many jobs have each status. Depends on the counts the store keeps (`@StoreCounts`), not
/// on each job: progress updates do not re-evaluate it, and a status change costs the same with
/// a million jobs as with ten.
struct StatusCounts: View {
    @StoreCounts("/jobs", by: "status") var counts: [JSONValue: Int]

    var body: some View {
        // Read here, once: the body depends on the counts (read in the row closure, the
        // `ForEach` would, and read them once per status).
        let counts = self.counts
        return HStack(spacing: 2) {
            ForEach(JobStatus.allCases, id: \.self) { status in
                Text("\(status.rawValue) \(counts[.string(status.rawValue), default: 0])").foregroundColor(status.color)
            }
        }
    }
}
