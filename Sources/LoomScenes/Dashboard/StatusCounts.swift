import LoomGraph
import LoomStore

/// How many jobs have each status. Depends on the membership of `/jobs` and on each job's
/// `status` member alone: progress updates do not re-evaluate it.
struct StatusCounts: View {
    @Environment(\.store) private var store
    @StoreMembers("/jobs") var jobs: [StoreMember]

    var body: some View {
        var counts: [JobStatus: Int] = [:]
        for job in jobs {
            if let status = JobStatus(store?.trackedValue(at: job.path.appending("status"))) {
                counts[status, default: 0] += 1
            }
        }
        return HStack(spacing: 2) {
            ForEach(JobStatus.allCases, id: \.self) { status in
                Text("\(status.rawValue) \(counts[status, default: 0])").foregroundColor(status.color)
            }
        }
    }
}
