import LoomGraph
import LoomJSON
import LoomStoreViews

/// `/banner`, a string: a note for everyone watching, under the board (a demo's instructions,
/// a maintenance notice). Absent or empty, it takes no row.
struct Banner: View {
    @StoreValue("/banner") var banner: JSONValue?

    var body: some View {
        if let text = banner?.stringValue, !text.isEmpty {
            Text(text).lineLimit(2).foregroundColor(.yellow)
        }
    }
}
