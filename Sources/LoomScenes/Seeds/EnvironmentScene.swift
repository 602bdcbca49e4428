import LoomGraph

/// `seeds/environment` (seeds 001 and 004): a grandchild that reads an environment value, and
/// one that reads an `@EnvironmentObject`, update without the child between them re-evaluating.
public struct EnvironmentScene: View {
    @StateObject private var session = SessionModel()
    @State private var theme = "plain"

    public init() {}

    public var body: some View {
        VStack(alignment: .leading) {
            Text("environment: grandchildren update, the child between does not (Tab, Enter)").bold()
            ChildBetween()
            HStack {
                Button("theme: \(theme == "plain" ? "dark" : "plain")") { theme = theme == "plain" ? "dark" : "plain" }
                Button("next user") { session.nextUser() }
            }
            Spacer()
        }
        .environment(\.theme, theme)
        .environmentObject(session)
    }
}

/// What `@EnvironmentObject` carries here: the signed-in user.
final class SessionModel: ObservableObject {
    @Published var user = "ada"
    private static let users = ["ada", "grace", "edsger", "barbara"]

    func nextUser() {
        user = Self.users[((Self.users.firstIndex(of: user) ?? 0) + 1) % Self.users.count]
    }
}

private struct ThemeKey: EnvironmentKey {
    static let defaultValue = "plain"
}

extension EnvironmentValues {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

/// Reads nothing: neither change re-evaluates it.
struct ChildBetween: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("the child between (reads nothing)")
            ThemedGrandchild()
            SessionGrandchild()
        }
        .border(.gray)
    }
}

struct ThemedGrandchild: View {
    @Environment(\.theme) private var theme
    var body: some View { Text("grandchild reading \\.theme: \(theme)").foregroundColor(theme == "dark" ? .magenta : .cyan) }
}

struct SessionGrandchild: View {
    @EnvironmentObject private var session: SessionModel
    var body: some View { Text("grandchild reading the session: \(session.user)") }
}
