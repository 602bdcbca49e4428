import Foundation
import LoomJSON
import Testing

@Suite("Pointers and values in Swift code")
struct JSONPointerLiteralTests {
    @Test func aPointerLiteralNeedsNoTryAndReadsAsTheParsedPointer() throws {
        let literal: JSONPointer = "/jobs/a~1b/0"
        // Parsed from a `String` value: `JSONPointer("…")` with a literal is the literal's init.
        let text = "/jobs/a~1b/0"
        let parsed = try JSONPointer(text)
        #expect(literal == parsed)
        #expect(literal.tokens == ["jobs", "a/b", "0"])
        let root: JSONPointer = ""
        #expect(root == .root)
    }

    @Test func aMalformedPointerLiteralStopsTheProgramWithItsText() async {
        await #expect(processExitsWith: .failure) {
            let pointer: JSONPointer = "jobs"
            _ = pointer
        }
        await #expect(processExitsWith: .failure) {
            let pointer: JSONPointer = "/a~2"
            _ = pointer
        }
    }

    @Test func aJSONValueInsideACodableTypeRoundTripsThroughFoundationsCoders() throws {
        struct Envelope: Codable, Equatable {
            var name: String
            var extra: JSONValue
        }
        let extra: JSONValue = ["n": 1, "x": 1.5, "s": "a", "b": true, "z": .null, "list": [1, [2]]]
        let data = try JSONEncoder().encode(Envelope(name: "e", extra: extra))
        let decoded = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(decoded.name == "e")
        // Members come back in the decoder's order: compared member by member.
        guard case .object(let object) = decoded.extra, case .object(let original) = extra else {
            Issue.record("not an object: \(decoded.extra)")
            return
        }
        #expect(Set(object.keys) == Set(original.keys))
        for key in original.keys { #expect(object[key] == original[key], "\(key)") }
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("[1,2.5,\"x\",null,false]".utf8)) == [1, 2.5, "x", .null, false])
    }
}
