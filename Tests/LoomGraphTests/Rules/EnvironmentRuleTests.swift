import LoomGraph
@testable import LoomScenes
import Observation
import Testing

// Rule 10 of the semantics contract (docs/architecture.md, "The update rules"): environment.

private struct AccentKey: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

private struct EnvironmentRoot: View {
    @State private var accent = "red"
    var body: some View {
        VStack {
            Middle().environment(\.accent, accent)
            Button("blue") { accent = "blue" }
            Button("same") { accent = "red" }
        }
    }
}

private struct Middle: View {
    var body: some View {
        VStack {
            Text("middle")
            Reader()
        }
    }
}

/// Reads the environment's accent (the cause rule's scene has one too).
struct Reader: View {
    @Environment(\.accent) private var accent
    var body: some View { Text("accent \(accent)") }
}

@Suite("Rule 10: environment changes evaluate only readers")
struct EnvironmentRule {
    @Test func aChangedValueEvaluatesTheReaderNotTheViewsBetween() {
        let graph = mount(EnvironmentRoot())
        #expect(graph.texts.contains("accent red"))
        graph.afterPass { graph.tap("blue") }
        #expect(graph.bodies(Reader.self) == 1)
        #expect(graph.bodies(Middle.self) == 0)
        #expect(graph.texts.contains("accent blue"))
    }

    @Test func anUnchangedValueEvaluatesNoReader() {
        let graph = mount(EnvironmentRoot())
        graph.afterPass { graph.tap("blue") }
        graph.afterPass { graph.tap("blue") }
        #expect(graph.bodies(Reader.self) == 0)
    }

    @Test func aKeyWithNoWriterReadsItsDefault() {
        let graph = mount(Reader())
        #expect(graph.texts == ["accent none"])
    }
}
