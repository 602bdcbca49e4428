import LoomGraph
import LoomJSON
import LoomStoreViews

/// The `dashboard` scene: a live operations board over `/jobs`, `/hosts` and `/log`
/// (docs/scenes.md is the data contract).
///
/// Each part reads only what it shows, so one job's progress re-evaluates that job's row (and
/// nothing else); a new status re-evaluates the row and the counts; a new log line, the log.
public struct Dashboard: View {
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 0) {
                // On a narrow screen the counts keep their width and the title gives way; on one
                // narrower than the counts, they are cut at its edge, and the board below keeps
                // the screen's width (the row is as wide as the screen, not as its counts).
                HStack {
                    Text("Loom · operations").bold().lineLimit(1)
                    Spacer()
                    StatusCounts().fixedSize()
                }
                .frame(minWidth: 0, maxWidth: .max, alignment: .leading)
                HostsLine()
                Divider().foregroundColor(.gray)
                // The list takes the rows the others leave (the spacer makes it the most flexible
                // child), and keeps three on a short screen, where the log gives its lines first.
                VStack(spacing: 0) {
                    JobList()
                    Spacer(minLength: 0)
                }
                .frame(minHeight: 3)
                Divider().foregroundColor(.gray)
                LogTail(lines: 5)
                Banner()
            }
        }
    }
}

/// The jobs, in insertion order; depends on the membership of `/jobs` only.
struct JobList: View {
    @StoreMembers("/jobs") var jobs: [StoreMember]

    var body: some View {
        if jobs.isEmpty {
            VStack {
                Text("no jobs yet: loom set /jobs/build-1 '{\"name\": \"build\", \"status\": \"queued\"}'").foregroundColor(.gray)
                Spacer()
            }
        } else {
            // One row per job, no lines between: each row's status mark already sets it apart,
            // and a separator would cost as many rows as the jobs themselves.
            List(jobs) { job in
                NavigationLink(destination: JobDetail(id: job.id, path: job.path)) { JobRow(path: job.path) }
                    .listRowSeparator(.hidden)
            }
        }
    }
}
