import Foundation
import LoomJSON
import LoomWire
import Testing

let protocolDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Protocol")

func load(_ folder: String) throws -> [String: JSONValue] {
    let directory = protocolDirectory.appendingPathComponent(folder)
    var documents: [String: JSONValue] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".json") {
        documents[String(file.dropLast(5))] = try JSONParser.parse(Array(try Data(contentsOf: directory.appendingPathComponent(file))))
    }
    return documents
}

/// Protocol/vectors/*.json: each message of the specification in both encodings.
@Suite("Protocol vectors and schemas")
struct VectorTests {
    @Test func everyVectorDecodesAlikeFromBothEncodingsAndEncodesBackExactly() throws {
        let vectors = try load("vectors")
        #expect(vectors.count >= 35)
        for (name, vector) in vectors {
            guard let json = vector["json"], let hex = vector["binary"]?.stringValue else {
                Issue.record("\(name): a vector needs json and binary")
                continue
            }
            let bytes = hex.split(separator: " ").map { UInt8($0, radix: 16)! }
            let fromJSON = try JSONCodec.decode(json)
            var decoder = MessageDecoder(encoding: .binary)
            let fromBinary = try decoder.feed(bytes).map { try $0.get() }
            #expect(fromBinary == [fromJSON], "\(name)")
            #expect(JSONCodec.json(fromJSON) == json, "\(name): JSON encoding")
            #expect(BinaryCodec.record(fromJSON) == bytes, "\(name): binary encoding")
        }
    }

    @Test func everyVectorSatisfiesItsMessagesSchemaAndEveryMessageHasOne() throws {
        let vectors = try load("vectors")
        let schemas = try load("schema")
        #expect(schemas.count == MessageKind.allCases.count)
        let typesWithVectors = Set(vectors.values.compactMap { $0["json"]?["type"]?.stringValue })
        #expect(Set(schemas.keys) == typesWithVectors, "a schema without a vector, or a vector without a schema")
        for (name, vector) in vectors {
            guard case .object(let message)? = vector["json"], let type = message["type"]?.stringValue,
                  let schema = schemas[type], case .object(let properties)? = schema["properties"],
                  case .array(let required)? = schema["required"] else {
                Issue.record("\(name): no schema")
                continue
            }
            for key in required.compactMap(\.stringValue) {
                #expect(message[key] != nil, "\(name): missing required '\(key)'")
            }
            for (key, value) in message {
                guard let property = properties[key] else {
                    Issue.record("\(name): '\(key)' is not in the schema of \(type)")
                    continue
                }
                #expect(Self.matches(value, property), "\(name): '\(key)' = \(value) does not fit \(property)")
            }
        }
    }

    /// The parts of JSON Schema the protocol's schemas use: type, const, enum, minimum, maximum, items.
    private static func matches(_ value: JSONValue, _ schema: JSONValue) -> Bool {
        if let constant = schema["const"], value != constant { return false }
        if case .array(let options)? = schema["enum"], !options.contains(value) { return false }
        if case .array(let options)? = schema["oneOf"] { return options.contains { matches(value, $0) } }
        let types: [String]
        switch schema["type"] {
        case .string(let type)?: types = [type]
        case .array(let names)?: types = names.compactMap(\.stringValue)
        default: return true
        }
        let fits = types.contains { type in
            switch (type, value) {
            case ("integer", .int(let number)):
                number >= Int64(schema["minimum"]?.intValue ?? Int64.min) && number <= Int64(schema["maximum"]?.intValue ?? Int64.max)
            case ("string", .string), ("boolean", .bool), ("null", .null), ("object", .object): true
            case ("array", .array(let elements)):
                schema["items"].map { items in elements.allSatisfy { matches($0, items) } } ?? true
            default: false
            }
        }
        return fits
    }
}
