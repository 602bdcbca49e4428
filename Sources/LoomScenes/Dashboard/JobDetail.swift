import LoomGraph
import LoomJSON
import LoomStoreViews

/// One job, full screen, reached by Enter on its row; Escape goes back. Built only when pushed.
struct JobDetail: View {
    let id: String
    @StoreValue var job: JSONValue?

    init(id: String, path: JSONPointer) {
        self.id = id
        _job = StoreValue(path)
    }

    var body: some View {
        let status = JobStatus(job?["status"])
        VStack(alignment: .leading, spacing: 0) {
            Text("job \(id)").bold()
            Divider().foregroundColor(.gray)
            Text("name      \(job?["name"]?.stringValue ?? "(unnamed)")")
            HStack(spacing: 0) {
                Text("status    ")
                Text(status?.rawValue ?? job?["status"]?.stringValue ?? "?").foregroundColor(status?.color ?? .yellow)
            }
            HStack(spacing: 0) {
                Text("progress  ")
                ProgressBar(fraction: job?["progress"]?.doubleValue, width: 40)
            }
            if job == nil { Text("this job was removed").foregroundColor(.red) }
            Spacer()
            Text("Escape: back to the board").foregroundColor(.gray)
        }
    }
}
