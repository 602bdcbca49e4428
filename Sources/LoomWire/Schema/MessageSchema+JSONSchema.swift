import LoomCells
import LoomJSON

extension MessageSchema {
    /// The message's JSON Schema (draft 2020-12), as `Protocol/schema/<type>.json` holds it.
    /// Members a later version may add are allowed (`additionalProperties`): receivers ignore them.
    package var jsonSchema: JSONValue {
        var properties = JSONObject()
        properties["type"] = ["const": .string(type)]
        for member in members { properties[member.name] = member.kind.jsonSchema }
        let required = ["type"] + members.filter(\.presence.isRequiredInJSON).map(\.name)
        var schema = JSONObject()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = .string(type)
        schema["description"] = .string("\(summary) (\(direction.rawValue))")
        schema["type"] = "object"
        schema["properties"] = .object(properties)
        schema["required"] = .array(required.map(JSONValue.string))
        schema["additionalProperties"] = true
        return .object(schema)
    }
}

extension MemberSchema.Kind {
    /// The member's JSON Schema.
    var jsonSchema: JSONValue {
        switch self {
        case .id:
            ["type": "integer", "minimum": .int(.min), "maximum": .int(.max), "description": "request id, any signed 64-bit integer, echoed by the reply"]
        case .natural: Self.naturalSchema
        case .count: ["type": "integer", "minimum": 0, "maximum": .int(.max)]
        case .screen: ["type": "integer", "minimum": 1, "maximum": .int(Int64(WireLimits.default.maximumScreen)), "description": .string("cells; 1…\(WireLimits.default.maximumScreen)")]
        case .signed: ["type": "integer", "minimum": .int(-Int64(Int32.max)), "maximum": .int(Int64(Int32.max))]
        case .string: ["type": "string"]
        case .pointer: Self.pointerSchema
        case .name(let names): ["enum": .array(names.map(JSONValue.string))]
        case .json(let type?): ["type": .string(type)]
        case .json(nil): ["description": "any JSON value"]
        case .bool: ["type": "boolean"]
        case .strings(let pointers): ["type": "array", "items": pointers ? Self.pointerSchema : ["type": "string"]]
        case .versions: ["type": "array", "items": Self.naturalSchema, "minItems": 2, "maxItems": 2]
        case .colour:
            ["description": "a colour: a name (red, bright_blue, …), a palette index 0…255, or \"#rrggbb\"",
             "oneOf": [["type": "string"], ["type": "integer", "minimum": 0, "maximum": 255]]]
        case .attributes: ["type": "array", "items": ["enum": .array(TextStyle.names.map { .string($0.1) })]]
        case .cells:
            ["type": "array", "items": ["type": "array", "prefixItems": [["type": "string"], ["type": ["integer", "null"]], Self.naturalSchema],
                                        "minItems": 1, "maxItems": 3]]
        case .rectangles: ["type": "array", "items": ["type": "array", "items": Self.naturalSchema, "minItems": 4, "maxItems": 4]]
        }
    }

    private static let naturalSchema: JSONValue = ["type": "integer", "minimum": 0, "maximum": .int(Int64(Int32.max))]
    private static let pointerSchema: JSONValue = ["type": "string", "description": "a JSON Pointer (RFC 6901)"]
}
