import LoomGraph
import LoomJSON
import LoomStoreViews

/// The hosts, on at most two lines (`+N more` for the rest): `/hosts` is an object keyed by host
/// name, each `{"up": bool, "load": number}`. Badges keep their width: they flow, never wrap.
struct HostsLine: View {
    @StoreMembers("/hosts") var hosts: [StoreMember]

    var body: some View {
        Flow(spacing: 2, lineLimit: 2) {
            Text("hosts").foregroundColor(.gray)
            if hosts.isEmpty { Text("none").foregroundColor(.gray) }
            ForEach(hosts) { host in HostBadge(name: host.id, path: host.path) }
        }
    }
}

/// One host: its name, up or down, its load.
struct HostBadge: View {
    let name: String
    @StoreValue var host: JSONValue?

    init(name: String, path: JSONPointer) {
        self.name = name
        _host = StoreValue(path)
    }

    var body: some View {
        let up = host?["up"]?.boolValue ?? false
        let load = host?["load"]?.doubleValue.map { " " + Self.twoDecimals($0) } ?? ""
        return Text("\(up ? "●" : "○") \(name)\(up ? load : " down")").foregroundColor(up ? .green : .red)
    }

    /// 0.4 as "0.40", without Foundation's formatter.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
