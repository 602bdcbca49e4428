import Foundation
import LoomJSON
@testable import LoomStore
import LoomTestSupport
import Testing

// Public suites nobody on this project wrote (../shared/conformance/README.md).

@Suite("Conformance: json-patch-tests (RFC 6902)", .enabled(if: conformanceIsPresent, "../shared/conformance is absent; conformance suites skipped"))
struct JSONPatchConformance {
    @Test(arguments: ["tests.json", "spec_tests.json"])
    func everyEnabledCasePasses(file: String) throws {
        let data = try Data(contentsOf: conformanceDirectory.appendingPathComponent("json-patch/\(file)"))
        guard case .array(let records) = try JSONParser.parse(Array(data)) else {
            Issue.record("\(file) is not an array")
            return
        }
        var ran = 0
        for record in records {
            guard let patch = record["patch"], record["disabled"] != .bool(true), let doc = record["doc"] else { continue }
            let name = record["comment"]?.stringValue ?? "\(patch)"
            let store = Store()
            try store.set(doc, at: .root)
            let before = store.root
            do {
                try store.apply(patch: patch)
                if let error = record["error"] {
                    Issue.record("\(file): \(name): expected the error \(error), but the patch applied")
                } else if let expected = record["expected"] {
                    #expect(store.root == expected, "\(file): \(name)")
                }
            } catch {
                #expect(record["error"] != nil, "\(file): \(name): unexpected \(error)")
                #expect(store.root == before, "\(file): \(name): a failed patch changed the document")
            }
            ran += 1
        }
        #expect(ran > 10)
    }
}

@Suite("Conformance: JSONTestSuite (RFC 8259 parsing)", .enabled(if: conformanceIsPresent, "../shared/conformance is absent; conformance suites skipped"))
struct JSONParsingConformance {
    @Test func yesCasesParseNoCasesAreRefusedAndImplementationDefinedOnesNeverCrash() throws {
        let directory = conformanceDirectory.appendingPathComponent("json-parsing/test_parsing")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var counts = (y: 0, n: 0, i: 0)
        for file in files {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(file)))
            let result = Result { () throws(JSONError) in try JSONParser.parse(bytes) }
            switch file.prefix(2) {
            case "y_":
                counts.y += 1
                if case .failure(let error) = result { Issue.record("\(file) must parse: \(error)") }
            case "n_":
                counts.n += 1
                if case .success(let value) = result { Issue.record("\(file) must be refused, parsed as \(value)") }
            default:
                counts.i += 1  // Either outcome is allowed; reaching here means no crash and no hang.
            }
        }
        #expect(counts.y > 90 && counts.n > 180 && counts.i > 30, "\(counts)")
    }
}
