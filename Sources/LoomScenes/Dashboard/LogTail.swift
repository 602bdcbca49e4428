import LoomGraph
import LoomJSON
import LoomStoreViews

/// The last `lines` entries of `/log` (an array of strings), oldest first.
struct LogTail: View {
    let lines: Int
    @StoreMembers("/log") var log: [StoreMember]

    var body: some View {
        // Up to `lines` rows, fewer on a short screen: then the newest entries stay in view.
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(log.suffix(lines))) { entry in LogLine(path: entry.path) }
            if log.count < lines { Spacer().frame(height: lines - log.count) }
        }
        .frame(minHeight: 1, maxHeight: lines, alignment: .bottomLeading)
    }
}

struct LogLine: View {
    @StoreValue var entry: JSONValue?

    init(path: JSONPointer) {
        _entry = StoreValue(path)
    }

    var body: some View {
        Text(entry?.stringValue ?? entry.map { JSONWriter.string($0) } ?? "").lineLimit(1).foregroundColor(.gray)
    }
}
