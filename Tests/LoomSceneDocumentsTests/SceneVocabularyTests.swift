import Foundation
@testable import LoomDocumentViews
import LoomJSON
import LoomSceneDocuments
import LoomTestSupport
import Testing

/// The vocabulary is declared once (`SceneVocabulary`): the views module builds every declared
/// name and nothing else, the JSON Schema editors use is written from it, and every example
/// document in the repository validates.
///
/// `LOOM_WRITE_PROTOCOL=1 swift test --filter SceneVocabularyTests` writes the schema after a change.
@Suite("Scene documents: the vocabulary")
struct SceneVocabularyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyDeclaredViewAndModifierIsBuiltAndNothingElse() {
        #expect(Set(DocumentViewBuilders.builders.keys) == Set(SceneVocabulary.views.map(\.name)))
        #expect(Set(DocumentModifiers.appliers.keys) == Set(SceneVocabulary.modifiers.map(\.name)))
    }

    @Test func theSchemaFileIsWrittenFromTheVocabulary() throws {
        let file = Self.root.appendingPathComponent("docs/scene-1.schema.json")
        if ProcessInfo.processInfo.environment["LOOM_WRITE_PROTOCOL"] == "1" {
            try (PrettyJSON.text(SceneSchema.json) + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        let written = try JSONParser.parse(Array(try Data(contentsOf: file)))
        #expect(written == SceneSchema.json, "docs/scene-1.schema.json differs from SceneVocabulary: LOOM_WRITE_PROTOCOL=1 writes it")
    }

    @Test func everyExampleDocumentValidates() throws {
        let folder = Self.root.appendingPathComponent("docs/examples/scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files {
            do {
                _ = try SceneDocument.compile(Array(try Data(contentsOf: folder.appendingPathComponent(file))))
            } catch let error as SceneDocumentError {
                Issue.record("\(file): \(error.lines(file: file).joined(separator: "\n"))")
            }
        }
    }
}

extension SceneVocabularyTests {
    /// An editor's view of the schema: Debian's python3-jsonschema (a validator of draft
    /// 2020-12 independent of Loom) finds the schema valid and every example document valid
    /// against it, comments removed as an editor's JSON-with-comments mode does.
    @Test func anIndependentValidatorAcceptsTheSchemaAndEveryExample() throws {
        let script = """
        json, re, sys, glob, jsonschema = map(__import__, ["json", "re", "sys", "glob", "jsonschema"])
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sorted(glob.glob(sys.argv[2] + "/*.json")):
            text = re.sub(r"^\\s*//.*$", "", open(path).read(), flags=re.M)
            for error in validator.iter_errors(json.loads(text)):
                print(path, list(error.path), error.message)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, Self.root.appendingPathComponent("docs/scene-1.schema.json").path,
                             Self.root.appendingPathComponent("docs/examples/scenes").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.isEmpty, "\(text)")
    }
}

extension SceneVocabularyTests {
    @Test func theDocumentationsReferenceIsWrittenFromTheVocabulary() throws {
        let page = Self.root.appendingPathComponent("docs/scene-documents.md")
        var text = try String(contentsOf: page, encoding: .utf8)
        let start = "<!-- vocabulary -->\n", end = "<!-- end of vocabulary -->"
        let from = try #require(text.range(of: start)), to = try #require(text.range(of: end))
        if ProcessInfo.processInfo.environment["LOOM_WRITE_PROTOCOL"] == "1" {
            text.replaceSubrange(from.upperBound..<to.lowerBound, with: SceneVocabulary.reference)
            try text.write(to: page, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: page, encoding: .utf8)
        let table = try #require(written.range(of: start).flatMap { start in written.range(of: end).map { start.upperBound..<$0.lowerBound } })
        #expect(String(written[table]) == SceneVocabulary.reference)
    }
}
