import Foundation
import LoomJSON
import LoomStore

/// How Swift values are read from and written to the store: through Foundation's JSON coders,
/// so a `Codable` type's JSON is what a script reads and writes with `loom get`/`loom set`.
/// Dates are ISO 8601 strings (`"2026-12-02T12:00:00Z"`), which scripts can write with `date
/// -u +%FT%TZ`, rather than Foundation's default of seconds since 2001. A `JSONValue` passes as
/// it is. Members are written in sorted order (Foundation's coder has no other stable order), so
/// the same value is always the same JSON.
enum StoreCoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
        // The JSON as it is, the commonest read, without asking the runtime for a cast: the
        // metatypes equal, the value is of `Value`'s type.
        if Value.self == JSONValue.self { return unsafeBitCast(json, to: Value.self) }
        return try converted(type, from: json)
    }

    /// A value of another type than `JSONValue`: its own function, because the cast below
    /// asks the runtime for `Optional<Value>`'s metadata (a hashed lookup) on entry to any
    /// function it is in, which the commonest read above does not need.
    @inline(never)
    private static func converted<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
        if let value = json as? Value { return value }
        return try decoder.decode(type, from: Data(JSONWriter.bytes(json)))
    }

    /// The value as JSON, within the store's limits (`store.parse`).
    static func encode<Value: Encodable>(_ value: Value, for store: Store) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        return try store.parse(Array(try encoder.encode(value)))
    }

    /// Made once: their settings never change, and each decode or encode is its own call.
    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// What went wrong, in a sentence: the member path and the reason, not Foundation's dump.
    static func describe(_ error: any Error) -> String {
        func path(_ context: [any CodingKey]) -> String {
            context.isEmpty ? "the value" : "/" + context.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null"
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath)): missing member \"\(key.stringValue)\""
        case DecodingError.dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case EncodingError.invalidValue(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
