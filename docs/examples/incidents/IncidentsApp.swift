// An incident tracker: a daemon of your own whose scene takes text input. A form files an
// incident into the store (a transaction, as a script's `loom set`), the table below shows
// every incident filed, by anyone (Enter on one opens a sheet that resolves it), a second tab
// sums them up by severity, a clock ticks in the corner, and scripts may file and resolve them
// too. It is a target of the package (`loom-example-incidents`), and a test types into it in
// tmux.
//
//   swift run loom-example-incidents --ephemeral --socket /tmp/incidents.sock &
//   LOOM_SOCKET=/tmp/incidents.sock loom attach incidents     # type a title, Enter files it
//   LOOM_SOCKET=/tmp/incidents.sock loom get /incidents
import Foundation
import Loom

/// The form: what is typed is this viewer's own until Enter (or the button) files it.
struct NewIncident: View {
    @Environment(\.store) private var store
    @FocusState private var editingTitle: Bool
    @State private var title = ""
    @State private var severity = "minor"

    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Text("title")
                TextField("what happened?", text: $title).focused($editingTitle)
            }
            Picker("severity", selection: $severity) {
                Text("minor").tag("minor")
                Text("major").tag("major")
                Text("critical").tag("critical")
            }
            Button("file it") { file() }
        }
        .onSubmit { file() }
        .onAppear { editingTitle = true }
    }

    /// Appends the incident to `/incidents` in one transaction, then clears the form for the next.
    private func file() {
        guard let store, title.contains(where: { !$0.isWhitespace }) else { return }
        let incident: JSONValue = ["title": .string(title), "severity": .string(severity), "status": "open",
                                   "filed": .string(Date().formatted(.iso8601))]
        do {
            if store.value(at: "/incidents") == nil {
                try store.set([incident], at: "/incidents")
            } else {
                try store.apply([.add("/incidents/-", incident)])
            }
        } catch {
            return
        }
        title = ""
        editingTitle = true
    }
}

/// One field of one incident: re-evaluated when that value changes, and for nothing else.
struct IncidentField: View {
    @StoreValue var value: String?
    init(_ incident: StoreMember, _ field: String) { _value = StoreValue(incident.path.appending(field)) }

    var body: some View {
        Text(value ?? "")
    }
}

/// How long ago an incident was filed, kept current by the text's own clock.
struct FiledAgo: View {
    @StoreValue var filed: Date?
    init(_ incident: StoreMember) { _filed = StoreValue(incident.path.appending("filed")) }

    var body: some View {
        if let filed { Text(filed, style: .relative).foregroundStyle(.secondary) }
    }
}

/// An incident's severity, coloured.
struct SeverityBadge: View {
    @StoreValue var severity: String?
    init(_ incident: StoreMember) { _severity = StoreValue(incident.path.appending("severity")) }

    var body: some View {
        let name = severity ?? "?"
        Text(name).foregroundColor(name == "critical" ? .red : name == "major" ? .orange : .secondary)
    }
}

/// Resolving an incident: a sheet over the scene with a note to type. Enter or the button
/// writes the status and the note in one transaction; Escape or Cancel leaves it open.
struct ResolveSheet: View {
    @Environment(\.store) private var store
    @Environment(\.dismiss) private var dismiss
    @FocusState private var editing: Bool
    @StoreValue var title: String?
    @State private var note = ""
    let incident: StoreMember

    init(_ incident: StoreMember) {
        self.incident = incident
        _title = StoreValue(incident.path.appending("title"))
    }

    var body: some View {
        VStack(alignment: .leading) {
            Text("Resolve “\(title ?? "?")”").bold()
            TextField("what fixed it?", text: $note).focused($editing)
            HStack {
                Button("Cancel", role: .cancel) { dismiss() }
                Button("Resolve") { resolve() }
            }
        }
        .onSubmit { resolve() }
        .onAppear { editing = true }
    }

    private func resolve() {
        _ = try? store?.merge(["status": "resolved", "resolution": .string(note)], at: incident.path)
        dismiss()
    }
}

/// Every incident filed, by anyone: a table that stays lazy however many there are. Enter on a
/// row opens the sheet that resolves it.
struct IncidentTable: View {
    @StoreMembers("/incidents") var incidents: [StoreMember]
    @State private var resolving: StoreMember?

    var body: some View {
        if incidents.isEmpty {
            ContentUnavailableView("No incidents", systemImage: "checkmark.circle", description: Text("Type a title above and press Enter."))
        } else {
            Table(incidents) {
                TableColumn("Severity") { SeverityBadge($0) }.width(8)
                TableColumn("Title") { incident in
                    Button { resolving = incident } label: { IncidentField(incident, "title") }
                }
                TableColumn("Status") { IncidentField($0, "status") }.width(min: 6, max: 10)
                TableColumn("Filed") { FiledAgo($0) }.width(14)
            }
            .sheet(item: $resolving) { ResolveSheet($0) }
        }
    }
}

/// How many incidents there are of each severity, as bars.
struct Summary: View {
    @StoreCounts("/incidents", by: "severity") var counts: [JSONValue: Int]

    var body: some View {
        let total = counts.values.reduce(0, +)
        VStack(alignment: .leading, spacing: 1) {
            ForEach(["critical", "major", "minor"], id: \.self) { severity in
                let count = counts[.string(severity)] ?? 0
                ProgressView(value: Double(count), total: Double(max(total, 1))) {
                    Text("\(severity): \(count)")
                }
            }
        }
    }
}

/// The time, ticking: a task that sleeps a second and writes the state, cancelled when the view goes.
struct Clock: View {
    @State private var now = Date()

    var body: some View {
        Text(now.formatted(date: .omitted, time: .standard))
            .foregroundStyle(.secondary)
            .task {
                while true {
                    try await Task.sleep(for: .seconds(1))
                    now = Date()
                }
            }
    }
}

struct Incidents: View {
    @StoreMembers("/incidents") var incidents: [StoreMember]

    var body: some View {
        TabView {
            VStack(alignment: .leading) {
                HStack {
                    Text("Incidents · \(incidents.count) filed").bold()
                    Spacer()
                    Clock()
                }
                NewIncident().padding(.leading, 2)
                Divider()
                IncidentTable()
            }
            .tabItem { Label("Incidents", systemImage: "exclamationmark.triangle") }
            Summary()
                .tabItem { Label("Summary", systemImage: "list.bullet") }
        }
    }
}

@main
struct IncidentsApp: LoomApp {
    var scenes: [Scene] {
        Scene("incidents") { Incidents() }
    }
}
