// An incident tracker: a daemon of your own whose scene takes text input. A form files an
// incident into the store (a transaction, as a script's `loom set`), the list below shows
// every incident filed, by anyone, and scripts may file and resolve them too. It is a target of
// the package (`loom-example-incidents`), and a test types into it in tmux.
//
//   swift run loom-example-incidents --ephemeral --socket /tmp/incidents.sock &
//   LOOM_SOCKET=/tmp/incidents.sock loom attach incidents     # type a title, Enter files it
//   LOOM_SOCKET=/tmp/incidents.sock loom get /incidents
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
        let incident: JSONValue = ["title": .string(title), "severity": .string(severity), "status": "open"]
        do {
            if store.value(at: Self.incidents) == nil {
                try store.set([incident], at: Self.incidents)
            } else {
                try store.apply([.add(JSONPointer(tokens: ["incidents", "-"]), incident)])
            }
        } catch {
            return
        }
        title = ""
        editingTitle = true
    }

    private static let incidents = JSONPointer(tokens: ["incidents"])
}

/// One incident: re-evaluated when it changes, and for nothing else.
struct IncidentRow: View {
    @StoreValue var incident: JSONValue?
    init(path: JSONPointer) { _incident = StoreValue(path) }

    var body: some View {
        let severity = incident?["severity"]?.stringValue ?? "?"
        HStack {
            Text(severity).foregroundColor(severity == "critical" ? .red : severity == "major" ? .orange : .secondary)
                .frame(width: 8, alignment: .leading)
            Text(incident?["title"]?.stringValue ?? "")
            Spacer()
            Text(incident?["status"]?.stringValue ?? "")
        }
    }
}

struct Incidents: View {
    @StoreMembers("/incidents") var incidents: [StoreMember]

    var body: some View {
        VStack(alignment: .leading) {
            Text("Incidents · \(incidents.count) filed").bold()
            NewIncident().padding(.leading, 2)
            Divider()
            List(incidents) { IncidentRow(path: $0.path) }
        }
    }
}

@main
struct IncidentsApp: LoomApp {
    var scenes: [Scene] {
        Scene("incidents") { Incidents() }
    }
}
