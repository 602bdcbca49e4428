import LoomGraph
import LoomJSON
import LoomStoreViews

/// One job in the list: status, name, progress. Reads only its own job.
struct JobRow: View {
    @StoreValue var job: JSONValue?

    init(path: JSONPointer) {
        _job = StoreValue(path)
    }

    var body: some View {
        let status = JobStatus(job?["status"])
        HStack {
            Text("\(status?.symbol ?? "?") \(status?.rawValue ?? job?["status"]?.stringValue ?? "?")")
                .foregroundColor(status?.color ?? .yellow)
                .frame(width: 9, alignment: .leading)
            Text(job?["name"]?.stringValue ?? "(unnamed)").lineLimit(1)
            Spacer()
            ProgressBar(fraction: job?["progress"]?.doubleValue, width: 20)
        }
    }
}
