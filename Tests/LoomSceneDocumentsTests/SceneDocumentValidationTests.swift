import LoomSceneDocuments
import Testing

/// What `loom scene validate` and `scene apply` say of a document: every problem, in document
/// order, each with the pointer and line of the place, what was found and what is allowed there,
/// and a near name when one is close.
@Suite("Scene documents: validation")
struct SceneDocumentValidationTests {
    private func errors(_ text: String, limits: SceneDocumentLimits = .default) -> [SceneDiagnostic] {
        do {
            _ = try SceneDocument.compile(Array(text.utf8), limits: limits)
            Issue.record("the document was accepted")
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func aValidDocumentCompilesWithCommentsAndItsTextIsKeptAsWritten() throws {
        let text = """
        {
          // a board
          "loom": 1, "title": "Jobs", /* the body: */
          "body": {"VStack": {"spacing": 1, "content": [{"Text": "Jobs // not a comment"}, {"Divider": {}}]}}
        }
        """
        let document = try SceneDocument.compile(Array(text.utf8))
        #expect(document.text == Array(text.utf8))
        #expect(document.title == "Jobs")
        #expect(document.body.view == "VStack")
        #expect(document.nodes.map(\.pointer) == ["/body", "/body/VStack/content/0", "/body/VStack/content/1"])
        guard case .text(.template(let template))? = document.nodes[1].arguments["text"] else { Issue.record("no text"); return }
        #expect(template.literal == "Jobs // not a comment")
    }

    @Test func anUnknownMemberNamesItsPointerLineAndColumnAndTheNearestName() {
        let found = errors("""
        {"loom": 1,
         "body": {"Text": "x", "modifiers": [{"frame": {"widht": 3}}]}}
        """)
        #expect(found.map(\.description) == [
            #"2:49 /body/modifiers/0/frame/widht: unknown parameter "widht" of frame; parameters: width, height, minWidth, maxWidth, minHeight, maxHeight, alignment (did you mean "width"?)"#,
        ])
    }

    @Test func everyProblemIsReportedInDocumentOrderNotOnlyTheFirst() {
        let found = errors("""
        {"loom": 1, "body": {"VStak": {"content": []}, "modifiers": [{"pading": 1}, {"foregroundColor": "gren"}]}}
        """)
        #expect(found.map(\.pointer) == ["/body/VStak", "/body/modifiers/0/pading", "/body/modifiers/1/foregroundColor"])
        #expect(found.map(\.suggestion) == ["VStack", "padding", "green"])
    }

    @Test func aTemplateIsCheckedFormatsScopesAndBraces() {
        let found = errors("""
        {"loom": 1, "body": {"ForEach": {"data": "/jobs", "as": "job", "content": [
          {"Text": "{load|decimal:2 ?? -}"},
          {"Text": "{$jbo/name}"},
          {"Text": "{name"},
          {"Text": "{progress|percent:x}"}
        ]}}}
        """)
        #expect(found.count == 4)
        #expect(found[0].message.contains(#"unknown format "decimal"; formats: decimals, integer, percent"#) && found[0].suggestion == "decimals")
        #expect(found[1].message == #""{$jbo/name}": no scope "$jbo" here; in scope: $key, $value, $job"# && found[1].suggestion == "$job")
        #expect(found[2].message.contains("is not closed"))
        #expect(found[3].message.contains("takes a count of decimals"))
        #expect(found.map(\.line) == [2, 3, 4, 5])
    }

    @Test func aPlaceholderWhereANumberBelongsSuggestsTheBindForm() {
        let found = errors(#"{"loom": 1, "body": {"ProgressView": {"value": "{progress}"}}}"#)
        #expect(found.first?.message == #"expected a number or {"bind": …}, found text "{progress}"; placeholders are for text: write {"bind": "progress"}"#)
    }

    @Test func aRelativePathOutsideARepetitionIsRefusedWithTheAbsoluteForm() {
        let found = errors(#"{"loom": 1, "body": {"Text": "{name}"}}"#)
        #expect(found.first?.message == #""{name}": "name" is relative, and this is not inside a ForEach: write an absolute path ("/name")"#)
    }

    @Test func theFormatVersionIsRequiredAndChecked() {
        #expect(errors(#"{"body": {"Divider": {}}}"#).first?.message.contains(#""loom": 1"#) == true)
        #expect(errors(#"{"loom": 2, "body": {"Divider": {}}}"#).first?.message == "this daemon reads scene documents of version 1; found the number 2")
    }

    @Test func mappedValuesAreCheckedAgainstTheParametersType() {
        let found = errors("""
        {"loom": 1, "body": {"ForEach": {"data": "/jobs", "content": [{"Text": "x", "modifiers": [
          {"foregroundColor": {"bind": "status", "map": {"ok": "green", "failed": "rde"}, "else": 3}}]}]}}}
        """)
        #expect(found.map(\.pointer) == ["/body/ForEach/content/0/modifiers/0/foregroundColor/map/failed", "/body/ForEach/content/0/modifiers/0/foregroundColor/else"])
        #expect(found[0].suggestion == "red")
    }

    @Test func thresholdsAscend() {
        let found = errors("""
        {"loom": 1, "body": {"Text": "x", "modifiers": [{"foregroundColor": {"bind": "/load", "base": "green", "steps": [{"at": 0.9, "value": "red"}, {"at": 0.7, "value": "yellow"}]}}]}}
        """)
        #expect(found.map(\.message) == ["steps ascend: 0.7 is not above the step before (0.9)"])
    }

    @Test func conditionsHaveOneTestAndKnownMembers() {
        let found = errors("""
        {"loom": 1, "body": {"Text": "x", "if": {"all": [{"bind": "/a", "eq": 1, "gt": 0}, {"bind": "/b", "exist": true}]}}}
        """)
        #expect(found.count == 3)
        #expect(found[0].message.contains("a condition has one test"))
        #expect(found[1].pointer == "/body/if/all/1" && found[1].message.contains("found none"))
        #expect(found[2].pointer == "/body/if/all/1/exist" && found[2].suggestion == "exists")
    }

    @Test func eachLimitIsNamedWithItsValue() {
        var limits = SceneDocumentLimits()
        limits.maximumBytes = 100
        #expect(errors(String(repeating: " ", count: 101), limits: limits).first?.message == "a document of 101 bytes is past maximumBytes (100)")
        limits = SceneDocumentLimits()
        limits.maximumStringBytes = 8
        #expect(errors(#"{"loom": 1, "body": {"Text": "a long text"}}"#, limits: limits).first?.message == "a string is longer than maximumStringBytes (8)")
        limits = SceneDocumentLimits()
        limits.maximumDepth = 3
        let deep = #"{"loom": 1, "body": {"VStack": {"content": [{"VStack": {"content": [{"VStack": {"content": [{"Divider": {}}]}}]}}]}}}"#
        #expect(errors(deep, limits: limits).first?.message == "views nest deeper than maximumDepth (3)")
        limits = SceneDocumentLimits()
        limits.maximumNodes = 2
        #expect(errors(#"{"loom": 1, "body": {"VStack": {"content": [{"Divider": {}}, {"Divider": {}}]}}}"#, limits: limits).first?.message
            == "the document has more than maximumNodes (2) views")
        limits = SceneDocumentLimits()
        limits.maximumErrors = 2
        do {
            _ = try SceneDocument.compile(Array(#"{"loom": 1, "body": {"Text": "x", "modifiers": [{"a": 1}, {"b": 1}, {"c": 1}, {"d": 1}]}}"#.utf8), limits: limits)
        } catch {
            #expect(error.diagnostics.count == 2 && error.omitted == 2 && error.lines().last == "… and 2 more")
        }
    }

    @Test func notJSONIsReportedAtItsLineAndColumn() {
        let found = errors("{\"loom\": 1,\n  \"body\": {\"Text\": \"x\",}}")
        #expect(found.count == 1 && found[0].line == 2 && found[0].message.hasPrefix("not JSON"))
    }

    @Test func aDocumentAppliedAgainReusesTheNodesOfUnchangedSubtrees() throws {
        let first = try SceneDocument.compile(Array(#"{"loom": 1, "body": {"VStack": {"content": [{"Text": "a"}, {"Text": "b"}]}}}"#.utf8))
        let second = try SceneDocument.compile(Array(#"{"loom": 1, "body": {"VStack": {"content": [{"Text": "a"}, {"Text": "c"}]}}}"#.utf8), replacing: first)
        #expect(second.body !== first.body)
        #expect(second.nodes[1] === first.nodes[1], "the unchanged Text is the same node")
        #expect(second.nodes[2] !== first.nodes[2])
        let third = try SceneDocument.compile(Array(#"{"loom": 1, "missing": "?", "body": {"VStack": {"content": [{"Text": "a"}, {"Text": "c"}]}}}"#.utf8), replacing: second)
        #expect(third.nodes[1] !== second.nodes[1], "a changed context reuses nothing")
    }

    @Test func subtreesTakenFromTheReplacedDocumentCountAgainstMaximumNodes() throws {
        var limits = SceneDocumentLimits()
        limits.maximumNodes = 4
        let first = try SceneDocument.compile(Array(#"{"loom": 1, "body": {"VStack": {"content": [{"VStack": {"content": [{"Divider": {}}, {"Divider": {}}]}}]}}}"#.utf8), limits: limits)
        #expect(first.nodes.count == 4)
        let grown = #"{"loom": 1, "body": {"VStack": {"content": [{"VStack": {"content": [{"Divider": {}}, {"Divider": {}}]}}, {"Divider": {}}]}}}"#
        #expect(throws: SceneDocumentError.self, "five views, four of them taken from the first document") {
            try SceneDocument.compile(Array(grown.utf8), limits: limits, replacing: first)
        }
    }

    @Test func aTablesCellsAreViewsOfTheDocument() throws {
        let document = try SceneDocument.compile(Array(#"{"loom": 1, "body": {"Table": {"rows": {"data": "/h"}, "columns": [{"header": "a", "cell": {"Text": "{x}"}}]}}}"#.utf8))
        #expect(document.nodes.map(\.view) == ["Table", "Text"])
    }
}
