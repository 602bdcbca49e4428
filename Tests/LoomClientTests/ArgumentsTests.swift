import LoomCommandLine
import Testing

/// The one argument parser both programs use (`loom`'s verbs and `loomd`).
struct ArgumentsTests {
    @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSign() throws {
        let parsed = try Arguments(["--size", "80x24", "scene", "--socket=/tmp/s", "--json"], valued: ["size", "socket"], flags: ["json"])
        #expect(parsed.options == ["size": "80x24", "socket": "/tmp/s"])
        #expect(parsed.flags == ["json"])
        #expect(parsed.positionals == ["scene"])
    }

    @Test func aDoubleDashEndsOptionsAndADashIsAPositional() throws {
        let parsed = try Arguments(["-", "--", "--json", "-x"], valued: [], flags: ["json"])
        #expect(parsed.positionals == ["-", "--json", "-x"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func negativeNumbersAndSingleDashWordsArePositionals() throws {
        #expect(try Arguments(["/x", "-1"], valued: [], flags: []).positionals == ["/x", "-1"])
    }

    @Test func unknownOptionsAndMissingValuesAreUsageErrors() {
        #expect(throws: UsageError("unknown option --wat")) { try Arguments(["--wat"], valued: [], flags: []) }
        #expect(throws: UsageError("unknown option --json")) { try Arguments(["--json=1"], valued: [], flags: ["json"]) }
        #expect(throws: UsageError("--size needs a value")) { try Arguments(["--size"], valued: ["size"], flags: []) }
    }

    @Test func theExpectedPositionalsAreNamedWhenTheCountIsWrong() throws {
        let parsed = try Arguments(["/x"], valued: [], flags: [])
        #expect(try parsed.positionals("PATH") == ["/x"])
        #expect(throws: UsageError("expected PATH JSON, got 1 argument(s)")) { try parsed.positionals("PATH", "JSON") }
        #expect(throws: UsageError("no arguments expected")) { try parsed.positionals() }
    }
}
