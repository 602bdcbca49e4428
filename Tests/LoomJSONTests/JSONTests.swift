import Foundation
@testable import LoomJSON
import LoomTestSupport
import Testing

@Suite("JSON text")
struct JSONTextTests {
    @Test func numbersAreIntegersUnlessWrittenWithAFractionOrExponentOrTooLarge() throws {
        #expect(try JSONParser.parse("42") == .int(42))
        #expect(try JSONParser.parse("-0") == .int(0))
        #expect(try JSONParser.parse("1.5") == .double(1.5))
        #expect(try JSONParser.parse("1e2") == .double(100))
        #expect(try JSONParser.parse("9223372036854775807") == .int(.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .int(.min))
        #expect(try JSONParser.parse("92233720368547758070") == .double(9.223372036854775807e19))
        #expect(JSONValue.int(1) == .double(1.0), "JSON has one number type")
    }

    @Test func objectsKeepInsertionOrderAndCompareWithoutIt() throws {
        let value = try JSONParser.parse(#"{"b":1,"a":2,"c":3}"#)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["b", "a", "c"])
        #expect(value == (try JSONParser.parse(#"{"a":2,"c":3,"b":1}"#)))
        #expect(JSONWriter.string(value) == #"{"b":1,"a":2,"c":3}"#)
    }

    /// The parser collects members and elements of nested containers on shared stacks: each
    /// container gets exactly its own, and a repeated key keeps its first place with its last value.
    @Test func nestedContainersGetTheirOwnMembersAndARepeatedKeyKeepsItsFirstPlace() throws {
        let value = try JSONParser.parse(#"{"a":[1,{"x":[2,[3]],"y":{}},4],"b":{"c":{"d":[[],{}]}},"e":0,"a":"last"}"#)
        let expected: JSONValue = ["a": "last", "b": ["c": ["d": [[], [:]]]], "e": 0]
        #expect(value == expected)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b", "e"])
        let array = try JSONParser.parse(#"[[1,[2,{"k":[3,4]}]],5,{"z":[6]}]"#)
        #expect(array == [[1, [2, ["k": [3, 4]]]], 5, ["z": [6]]])
    }

    @Test func writingThenParsingGivesTheSameValue() throws {
        let text = #"{"s":"tab\there \"quoted\" \\ é 日本 🏳️‍🌈 \u0001","n":[1,-2.5,1e-7,true,false,null],"o":{}}"#
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.string(value)) == value)
        #expect(value["s"]?.stringValue == "tab\there \"quoted\" \\ é 日本 🏳️‍🌈 \u{1}")
    }

    /// The exact text: escapes only where JSON needs them, integers at both ends of their
    /// range, and an object whose members were removed written without a stray comma.
    @Test func writingIsExactCompactJSON() throws {
        var object = JSONObject()
        for key in ["a", "b", "c", "d"] { object[key] = .int(1) }
        object["a"] = nil
        object["c"] = nil
        let value: JSONValue = ["o": .object(object), "i": [.int(0), .int(-7), .int(.max), .int(.min)], "e": [], "s": "q\"b\\n\n\u{1F}é"]
        #expect(JSONWriter.string(value) == #"{"o":{"b":1,"d":1},"i":[0,-7,9223372036854775807,-9223372036854775808],"e":[],"s":"q\"b\\n\n\u001fé"}"#)
    }

    /// A value's description is its JSON text, whichever way it is made (an integer's apart).
    @Test func aValuesDescriptionIsItsJSONText() {
        var generator = SplitMix(state: 5)
        let integers: [Int64] = [0, 7, -7, 10, -10, .max, .min] + (0..<200).map { _ in Int64.random(in: .min ... .max, using: &generator) }
        for number in integers { #expect(JSONValue.int(number).description == JSONWriter.string(.int(number))) }
        for value: JSONValue in [nil, true, 1.5, "q\"\n", ["a": [1, "b"]]] { #expect(value.description == JSONWriter.string(value)) }
    }

    @Test func surrogatePairEscapesBecomeOneScalarAndLoneOnesAreRefused() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(throws: JSONError.self) { try JSONParser.parse(#""\ud83d""#) }
        #expect(throws: JSONError.self) { try JSONParser.parse(#""\ude00""#) }
    }

    @Test func nestingPastTheLimitIsRefusedWithoutRecursingThatDeep() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect { try JSONParser.parse(deep) } throws: { ($0 as? JSONError)?.message.contains("nesting deeper") == true }
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test func textOverTheSizeLimitIsRefusedBeforeParsing() {
        var limits = JSONLimits()
        limits.maximumBytes = 10
        #expect { try JSONParser.parse(#"{"a":"0123456789"}"#, limits: limits) } throws: { ($0 as? JSONError)?.offset == 0 }
    }

    @Test func errorsSayWhere() {
        #expect { try JSONParser.parse(#"{"a": tru}"#) } throws: { ($0 as? JSONError)?.offset == 6 }
        #expect { try JSONParser.parse("[1,]") } throws: { ($0 as? JSONError) != nil }
        #expect { try JSONParser.parse("01") } throws: { ($0 as? JSONError)?.message.contains("leading zeros") == true }
    }

    @Test func writingADeepDocumentDoesNotRecurse() {
        var value = JSONValue.int(1)
        for _ in 0..<100_000 { value = .array([value]) }
        #expect(JSONWriter.bytes(value).count == 200_001)
        #expect(value.depth == 100_000)
        // Releasing a value frees its nesting recursively; the store never holds one deeper than
        // `maximumDepth`, but this test made one, so it takes it apart a level at a time.
        while case .array(let inner) = value { value = inner[0] }
    }
}

@Suite("JSON Pointer (RFC 6901)")
struct PointerTests {
    /// RFC 6901 §5's document.
    static let rfcDocument = json(#"{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}"#)

    @Test(arguments: [
        ("", rfcDocument), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2),
        ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
    ] as [(String, JSONValue)])
    func theRFCExamplesResolve(text: String, expected: JSONValue) throws {
        #expect(Self.rfcDocument.value(at: try JSONPointer(text)) == expected)
        #expect(try JSONPointer(text).description == text)
    }

    @Test(arguments: [
        ("/a//b", ["a", "", "b"]), ("/jobs/", ["jobs", ""]), ("/漢字/👩‍👩‍👧", ["漢字", "👩‍👩‍👧"]), ("/a~1b/~0", ["a/b", "~"]),
    ] as [(String, [String])])
    func tokensAreTheTextBetweenSlashesUnescaped(text: String, tokens: [String]) throws {
        #expect(try JSONPointer(text).tokens == tokens)
    }

    @Test(arguments: ["foo", "/a~2", "/a~"])
    func malformedPointersAreRefused(text: String) {
        #expect { try JSONPointer(text) } throws: { ($0 as? DocumentError)?.code == .invalidPointer }
    }

    @Test func arrayIndicesHaveNoLeadingZeros() {
        #expect(JSONPointer.arrayIndex("0") == 0)
        #expect(JSONPointer.arrayIndex("10") == 10)
        #expect(JSONPointer.arrayIndex("01") == nil)
        #expect(JSONPointer.arrayIndex("-") == nil)
        #expect(JSONPointer.arrayIndex("1e2") == nil)
        #expect(JSONPointer.arrayIndex("") == nil)
        #expect(JSONPointer.arrayIndex("+1") == nil)
    }

    @Test func anIndexPastTheLargestIntegerIsNoIndex() {
        #expect(JSONPointer.arrayIndex(String(Int.max)) == Int.max)
        #expect(JSONPointer.arrayIndex("9223372036854775808") == nil)
        #expect(JSONPointer.arrayIndex("99999999999999999999") == nil)
    }

    @Test func aPointerIsItsTokensWhateverItsLength() throws {
        let expected: [(text: String, tokens: [String])] = [
            ("", []), ("/", [""]), ("//a/", ["", "a", ""]), ("/jobs/42/status", ["jobs", "42", "status"]), ("/a~1b/~0c/é", ["a/b", "~c", "é"]),
        ]
        for (text, tokens) in expected {
            let pointer = try JSONPointer(text)
            #expect(pointer.tokens == tokens, "\(text)")
        }
    }
}

@Suite("JSON objects")
struct JSONObjectTests {
    @Test(arguments: [4, 100])
    func membersKeepInsertionOrderThroughRemovalsReplacementsAndUndo(size: Int) throws {
        var object = JSONObject()
        for index in 0..<size { object["k\(index)"] = .int(Int64(index)) }
        for index in stride(from: 0, to: size, by: 2) { object["k\(index)"] = nil }
        object["k1"] = "replaced"
        object["new"] = true
        var expected = stride(from: 1, to: size, by: 2).map { "k\($0)" }
        expected.append("new")
        #expect(object.keys == expected)
        #expect(object.count == expected.count)
        #expect(object["k1"] == "replaced")
        #expect(object["k0"] == nil)
        #expect(object.index(of: "k3") == 1)
        object["k3"] = nil
        object.insert(3, forKey: "k3", at: 1)
        #expect(object.keys == expected)
        for index in 0..<size * 3 { object["more\(index)"] = 1 }
        #expect(object.keys.prefix(expected.count).elementsEqual(expected), "compaction keeps the order")
    }

    /// 24 keys: the index is made, filled with removed members' positions, and dropped again
    /// when the object shrinks; 3,000 keys: it doubles many times while members come and go.
    @Test(arguments: [24, 3_000])
    func randomEditsMatchAnOrderedListOfMembersAndCopiesStayApart(keys: Int) {
        var random = SplitMix(state: 41)
        var object = JSONObject()
        var model: [(key: String, value: JSONValue)] = []
        var copies: [(JSONObject, [(key: String, value: JSONValue)])] = []
        for step in 0..<3_000 {
            let key = "k\(Int.random(in: 0..<(step < 1_500 ? keys : 6), using: &random))"
            if Bool.random(using: &random) {
                let value = JSONValue.int(Int64(step))
                object[key] = value
                if let index = model.firstIndex(where: { $0.key == key }) { model[index].value = value } else { model.append((key, value)) }
            } else {
                object[key] = nil
                model.removeAll { $0.key == key }
            }
            if step % 100 == 0 { copies.append((object, model)) }     // a copy, changed no more
            #expect(object.keys == model.map(\.key), "step \(step)")
            #expect(model.allSatisfy { object[$0.key] == $0.value } && object.count == model.count, "step \(step)")
        }
        for (copy, members) in copies {
            #expect(copy.keys == members.map(\.key) && members.allSatisfy { copy[$0.key] == $0.value }, "a copy is not changed by edits of the original")
        }
    }

    @Test func aValueIsSeventeenBytesSoSmallObjectsStaySmall() {
        // An object is two references (members, and out-of-line bookkeeping), no bigger than a string.
        #expect(MemoryLayout<JSONObject>.size == 16)
        #expect(MemoryLayout<JSONValue>.size == 17)
    }
}
