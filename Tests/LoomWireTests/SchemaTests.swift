import Foundation
import LoomCells
import LoomJSON
import LoomTestSupport
@testable import LoomWire
import Testing

/// The protocol is declared once (`MessageKind`), and everything else agrees with the
/// declaration: the JSON Schemas in `Protocol/schema/`, the binary table of
/// `Protocol/README.md`, and both codecs, member by member, on every vector.
///
/// `LOOM_WRITE_PROTOCOL=1 swift test --filter SchemaTests` writes the schemas and the table
/// from the declaration, after a change to it.
@Suite("The protocol's declaration")
struct SchemaTests {
    static let writing = ProcessInfo.processInfo.environment["LOOM_WRITE_PROTOCOL"] == "1"

    @Test func theJSONSchemasAreWrittenFromTheDeclaration() throws {
        let folder = protocolDirectory.appendingPathComponent("schema")
        if Self.writing {
            for kind in MessageKind.allCases {
                let text = PrettyJSON.text(kind.schema.jsonSchema) + "\n"
                try text.write(to: folder.appendingPathComponent(kind.schema.type + ".json"), atomically: true, encoding: .utf8)
            }
        }
        let schemas = try load("schema")
        #expect(Set(schemas.keys) == Set(MessageKind.allCases.map(\.schema.type)), "a schema file without a message, or a message without one")
        for kind in MessageKind.allCases {
            #expect(schemas[kind.schema.type] == kind.schema.jsonSchema, "Protocol/schema/\(kind.schema.type).json differs from the declaration")
        }
    }

    @Test func theREADMEsBinaryTableIsWrittenFromTheDeclaration() throws {
        let readme = protocolDirectory.appendingPathComponent("README.md")
        var text = try String(contentsOf: readme, encoding: .utf8)
        let start = "<!-- binary table -->\n", end = "<!-- end of binary table -->"
        let from = try #require(text.range(of: start)), to = try #require(text.range(of: end))
        if Self.writing {
            text.replaceSubrange(from.upperBound..<to.lowerBound, with: MessageKind.binaryTable)
            try text.write(to: readme, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: readme, encoding: .utf8)
        let table = try #require(written.range(of: start).flatMap { start in written.range(of: end).map { start.upperBound..<$0.lowerBound } })
        #expect(String(written[table]) == MessageKind.binaryTable)
    }

    @Test func tagsAndTypesNameOneMessageEach() {
        let kinds = MessageKind.allCases
        #expect(Set(kinds.map(\.tag)).count == kinds.count && Set(kinds.map(\.schema.type)).count == kinds.count)
        for kind in kinds {
            #expect(MessageKind(tag: kind.tag) == kind && MessageKind(type: kind.schema.type) == kind)
            #expect(Set(kind.schema.members.map(\.name)).count == kind.schema.members.count, "\(kind): a member twice")
            #expect(kind.schema.since <= ProtocolVersion.current && kind.schema.members.allSatisfy { $0.since <= ProtocolVersion.current })
        }
        #expect(MessageKind(tag: 0) == nil && MessageKind(type: "frobnicate") == nil)
    }

    /// Each vector's JSON has exactly the declared members (the required ones, and no others),
    /// and its binary payload holds the declared members in the declared order and nothing
    /// more: read member by member as the declaration says, each equals the JSON's member.
    @Test func everyVectorCarriesTheDeclaredMembersInBothEncodings() throws {
        let vectors = try load("vectors")
        var covered = Set<MessageKind>()
        for (name, vector) in vectors {
            guard case .object(let json)? = vector["json"] else {
                Issue.record("\(name): no JSON form")
                continue
            }
            let hex = try #require(vector["binary"]?.stringValue, "\(name)")
            let kind = try #require(json["type"]?.stringValue.flatMap(MessageKind.init(type:)), "\(name): an undeclared type")
            covered.insert(kind)
            let schema = kind.schema
            for (key, _) in json where key != "type" {
                #expect(schema.members.contains { $0.name == key }, "\(name): '\(key)' is not declared")
            }
            var frame = BinaryCodec.Reader(bytes: ArraySlice(hex.split(separator: " ").map { UInt8($0, radix: 16)! }), limits: .default)
            let length = try frame.unsigned()
            var payload = BinaryCodec.Reader(bytes: frame.bytes[frame.position...], limits: .default)
            #expect(Int(length) == payload.bytes.count, "\(name): the length")
            #expect(try payload.unsigned() == kind.tag, "\(name): the tag")
            for member in schema.members {
                // JSON null is absence, except for a member that holds any JSON value.
                let inJSON = if case .json = member.kind { json[member.name] } else { json[member.name].flatMap { $0 == .null ? nil : $0 } }
                let inBinary: JSONValue?
                switch member.presence {
                case .required:
                    #expect(inJSON.isSome, "\(name): '\(member.name)' is required")
                    inBinary = try Self.read(member.kind, &payload)
                case .optional:
                    inBinary = try payload.optional { reader throws(WireError) in try Self.read(member.kind, &reader) }
                case .defaulted(let value):
                    let read = try Self.read(member.kind, &payload)
                    inBinary = read == value && !inJSON.isSome ? JSONValue?.none : read
                case .appended(let value):
                    inBinary = payload.atEnd ? JSONValue?.none : try Self.read(member.kind, &payload)
                    #expect(inBinary != .some(value), "\(name): '\(member.name)' is written only when it is not its default")
                }
                #expect(inBinary == inJSON, "\(name): '\(member.name)' is \(inJSON.map(String.init(describing:)) ?? "absent") in JSON, \(inBinary.map(String.init(describing:)) ?? "absent") in binary")
            }
            #expect(payload.atEnd, "\(name): bytes after the declared members")
        }
        #expect(covered == Set(MessageKind.allCases), "messages without a vector: \(Set(MessageKind.allCases).subtracting(covered))")
    }

    /// A member read from a binary payload, in its JSON form.
    private static func read(_ kind: MemberSchema.Kind, _ input: inout BinaryCodec.Reader) throws(WireError) -> JSONValue {
        switch kind {
        case .id, .signed: return .int(try input.signed())
        case .natural, .count, .screen: return .int(Int64(try input.unsigned()))
        case .string, .pointer, .name: return .string(try input.string())
        case .json: return try input.json()
        case .bool: return .bool(try input.bool())
        case .strings: return .array(try input.list { input throws(WireError) in .string(try input.string()) })
        case .versions: return [.int(Int64(try input.unsigned())), .int(Int64(try input.unsigned()))]
        case .colour: return JSONCodec.colorJSON(try input.color())
        case .attributes:
            let bits = TextStyle(rawValue: UInt8(truncatingIfNeeded: try input.unsigned()))
            return .array(TextStyle.names.filter { bits.contains($0.0) }.map { .string($0.1) })
        case .cells:
            return .array(try input.list { input throws(WireError) -> JSONValue in
                let flags = try input.byte()
                var cell: [JSONValue] = [.string(try input.string())]
                let style: JSONValue = flags & 1 != 0 ? .int(Int64(try input.unsigned())) : .null
                if flags != 0 { cell.append(style) }
                if flags & 2 != 0 { cell.append(.int(Int64(try input.unsigned()))) }
                return .array(cell)
            })
        case .rectangles:
            return .array(try input.list { input throws(WireError) -> JSONValue in
                .array(try (0..<4).map { _ throws(WireError) in .int(Int64(try input.unsigned())) })
            })
        }
    }

    /// JSON text laid out as the schema files are: two spaces a level, one member a line.
}

private extension Optional<JSONValue> {
    /// Present (`JSONValue` is `ExpressibleByNilLiteral`, so `!= nil` would compare with JSON null).
    var isSome: Bool { if case .some = self { true } else { false } }
}
