import LoomClient
import Testing

@Suite("loom's overview")
struct OverviewTests {
    /// `loom --help` is read in an ordinary terminal: no line is wider than 80 columns, and a
    /// long synopsis does not push every summary to the right of it.
    @Test func theOverviewFitsAnEightyColumnTerminal() {
        let lines = CommandLineTool.overview.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = lines.max { $0.count < $1.count } ?? ""
        #expect(widest.count <= 80, "\(widest.count) columns: \(widest)")
        for verb in Verb.all {
            #expect(lines.contains { $0 == "  " + verb.name || $0.hasPrefix("  " + verb.name + " ") }, "the overview lists \(verb.name)")
            #expect(lines.contains { $0.hasSuffix(verb.summary) }, "the overview says what \(verb.name) does")
        }
    }
}
