import LoomJSON

/// The JSON Schema (draft 2020-12) of scene documents, written from `SceneVocabulary`, so that
/// editors complete view, modifier and parameter names and show their summaries. It checks the
/// document's shape; `loom scene validate` checks what a schema cannot see (paths, scopes,
/// templates, formats, mapped values) and suggests names. `docs/scene-1.schema.json` is this,
/// written by the test that checks it (`SceneSchemaTests`).
public enum SceneSchema {
    public static var json: JSONValue {
        var definitions = JSONObject()
        var viewProperties = JSONObject()
        for view in SceneVocabulary.views {
            definitions[view.name] = parameters(view.parameters, summary: view.summary, shorthand: view.shorthand)
            viewProperties[view.name] = ["$ref": .string("#/$defs/\(view.name)")]
        }
        viewProperties["modifiers"] = ["type": "array", "items": ["$ref": "#/$defs/modifier"], "description": "modifiers, applied in order"]
        viewProperties["if"] = ["$ref": "#/$defs/condition", "description": "shown only while this holds"]
        definitions["view"] = [
            "type": "object", "description": "one view: exactly one view name, with modifiers and if beside it",
            "properties": .object(viewProperties), "additionalProperties": false, "minProperties": 1,
        ]
        var modifierProperties = JSONObject()
        for modifier in SceneVocabulary.modifiers {
            modifierProperties[modifier.name] = parameters(modifier.parameters, summary: modifier.summary, shorthand: modifier.shorthand)
        }
        definitions["modifier"] = [
            "type": "object", "description": "one modifier: its name and its parameters (or its one value)",
            "properties": .object(modifierProperties), "additionalProperties": false, "minProperties": 1, "maxProperties": 1,
        ]
        definitions["value"] = [
            "type": "object", "description": "a store value: {\"bind\": path}, optionally mapped",
            "properties": [
                "bind": ["type": "string", "description": "an absolute path (/jobs/3/status), relative to the row (status), $key, $value or $name/…"],
                "use": ["type": "string", "description": "a named mapping of the document's mappings"],
                "map": ["type": "object", "description": "values to results"],
                "else": ["description": "the result for a value the map does not name"],
                "missing": ["description": "the result when the path names nothing"],
                "base": ["description": "the result below the first step"],
                "steps": ["type": "array", "items": ["$ref": "#/$defs/step"], "description": "thresholds, ascending"],
            ],
            "required": ["bind"], "additionalProperties": false,
        ]
        definitions["mapping"] = [
            "type": "object", "description": "a named value map or thresholds, used as {\"bind\": …, \"use\": NAME}",
            "properties": ["map": ["type": "object"], "else": [:], "missing": [:], "base": [:], "steps": ["type": "array", "items": ["$ref": "#/$defs/step"]]],
            "additionalProperties": false,
        ]
        definitions["action"] = [
            "type": "object", "description": "a JSON Patch applied when pressed; relative paths are the row's",
            "properties": ["patch": ["type": "array", "items": [
                "type": "object",
                "properties": ["op": ["enum": .array(PatchStep.operations.map(JSONValue.string))], "path": ["type": "string"], "from": ["type": "string"],
                               "value": ["description": "a JSON value, {\"bind\": path} read when pressed, or {\"literal\": value}"]],
                "required": ["op", "path"], "additionalProperties": false,
            ]], "confirm": ["$ref": "#/$defs/text", "description": "a question asked first; the patch is applied only if the viewer confirms"]],
            "required": ["patch"], "additionalProperties": false,
        ]
        definitions["derived"] = [
            "type": "object", "description": "{\"count\": path} (with \"by\": member), or {\"sum\" | \"min\" | \"max\" | \"mean\": path, \"of\": member}",
            "properties": ["count": ["type": "string"], "by": ["type": "string"], "sum": ["type": "string"], "min": ["type": "string"],
                           "max": ["type": "string"], "mean": ["type": "string"], "of": ["type": "string"]],
            "minProperties": 1, "maxProperties": 2, "additionalProperties": false,
        ]
        definitions["step"] = [
            "type": "object", "properties": ["at": ["type": "number"], "value": [:]], "required": ["at", "value"], "additionalProperties": false,
        ]
        let tests: [String: JSONValue] = [
            "eq": ["description": "equals"], "ne": ["description": "differs from (false when missing)"],
            "in": ["type": "array", "description": "is one of"], "gt": ["type": ["number", "string"]], "ge": ["type": ["number", "string"]],
            "lt": ["type": ["number", "string"]], "le": ["type": ["number", "string"]],
            "exists": ["type": "boolean", "description": "names a value (true) or nothing (false)"],
        ]
        var conditionProperties = JSONObject()
        conditionProperties["bind"] = ["type": "string"]
        for name in tests.keys.sorted() { conditionProperties[name] = tests[name] }
        conditionProperties["all"] = ["type": "array", "items": ["$ref": "#/$defs/condition"], "minItems": 1]
        conditionProperties["any"] = ["type": "array", "items": ["$ref": "#/$defs/condition"], "minItems": 1]
        conditionProperties["not"] = ["$ref": "#/$defs/condition"]
        definitions["condition"] = [
            "type": "object", "description": "{\"bind\": path, one test}, or all, any, not",
            "properties": .object(conditionProperties), "additionalProperties": false, "minProperties": 1,
        ]
        for (name, type) in [("text", ParameterType.text), ("number", .number), ("cells", .cells(unbounded: false)),
                             ("cellsOrInfinity", .cells(unbounded: true)), ("bool", .bool), ("color", .color)] {
            definitions[name] = valueType(type)
        }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": .string("Loom scene document, version \(SceneDocument.version)"),
            "description": "A board declared as data: SwiftUI's views and modifiers by name, bound to store paths (docs/scene-documents.md)",
            "type": "object",
            "properties": [
                "loom": ["const": .int(Int64(SceneDocument.version)), "description": "the format version"],
                "title": ["type": "string"],
                "missing": ["type": "string", "description": "shown for a value that is not there (default —)"],
                "mappings": ["type": "object", "additionalProperties": ["$ref": "#/$defs/mapping"]],
                "values": ["type": "object", "description": "values derived from collections, read as $name",
                           "additionalProperties": ["$ref": "#/$defs/derived"]],
                "body": ["$ref": "#/$defs/view"],
                "$schema": ["type": "string"],
            ],
            "required": ["loom", "body"], "additionalProperties": false,
            "$defs": .object(definitions),
        ]
    }

    /// A view's or modifier's parameters; with a shorthand, its one value is accepted too.
    private static func parameters(_ parameters: [ParameterDeclaration], summary: String, shorthand: String?) -> JSONValue {
        var properties = JSONObject()
        for parameter in parameters {
            var schema = schema(of: parameter.type)
            if case .object(var members) = schema {
                members["description"] = .string(parameter.summary)
                schema = .object(members)
            }
            properties[parameter.name] = schema
        }
        let object: JSONValue = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
            "required": .array(parameters.filter(\.isRequired).map { .string($0.name) }),
        ]
        guard let shorthand, let parameter = parameters.first(where: { $0.name == shorthand }) else {
            return ["description": .string(summary), "allOf": [object]]
        }
        return ["description": .string(summary), "anyOf": [schema(of: parameter.type), object]]
    }

    private static func schema(of type: ParameterType) -> JSONValue {
        switch type {
        case .text: ["$ref": "#/$defs/text"]
        case .number: ["$ref": "#/$defs/number"]
        case .cells(let unbounded): ["$ref": .string(unbounded ? "#/$defs/cellsOrInfinity" : "#/$defs/cells")]
        case .bool: ["$ref": "#/$defs/bool"]
        case .color: ["$ref": "#/$defs/color"]
        case .choice(let names): ["enum": .array(names.map(JSONValue.string))]
        case .node: ["$ref": "#/$defs/view"]
        case .nodes: ["type": "array", "items": ["$ref": "#/$defs/view"]]
        case .data, .member: ["type": "string"]
        case .name: ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"]
        case .predicate: ["$ref": "#/$defs/condition"]
        case .binding: ["type": "object", "properties": ["bind": ["type": "string"]], "required": ["bind"], "additionalProperties": false]
        case .rows:
            ["type": "object", "properties": ["data": ["type": "string"], "as": ["type": "string"], "id": ["type": "string"],
                                              "sort": schema(of: .sort), "filter": ["$ref": "#/$defs/condition"]],
             "required": ["data"], "additionalProperties": false]
        case .sort:
            ["type": "array", "items": ["type": "object", "properties": ["by": ["type": "string"], "order": ["type": "array"], "descending": ["type": "boolean"]],
                                        "required": ["by"], "additionalProperties": false]]
        case .action: ["$ref": "#/$defs/action"]
        case .json: [:]
        case .path: ["type": "string"]
        case .duration: ["anyOf": [["type": "number", "exclusiveMinimum": 0], ["type": "string", "pattern": "^[0-9.]+[smhd]$"]]]
        case .modifiers: ["type": "array", "items": ["$ref": "#/$defs/modifier"]]
        case .range: ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2]
        case .objects(let declarations):
            ["type": "array", "items": parameters(declarations, summary: "", shorthand: nil)]
        }
    }

    /// A bindable type: its literals, or a value object.
    private static func valueType(_ type: ParameterType) -> JSONValue {
        let literal: JSONValue = switch type {
        case .text: ["anyOf": [
            ["type": "string", "description": "text with placeholders: {path}, {path|format[:arg]}, {path ?? fallback}; {{ and }} for braces"],
            ["type": "array", "description": "runs of text, each with its own style", "items": ["anyOf": [
                ["type": "string"],
                ["type": "object", "properties": ["text": ["anyOf": [["type": "string"], ["$ref": "#/$defs/value"]]], "foregroundColor": ["$ref": "#/$defs/color"],
                                                  "bold": ["$ref": "#/$defs/bool"], "italic": ["$ref": "#/$defs/bool"], "underline": ["$ref": "#/$defs/bool"],
                                                  "strikethrough": ["$ref": "#/$defs/bool"]],
                 "required": ["text"], "additionalProperties": false],
            ]]],
        ]]
        case .number: ["type": "number"]
        case .cells(let unbounded):
            unbounded ? ["anyOf": [["type": "integer", "minimum": 0, "maximum": .int(Int64(ParameterType.maximumCells))], ["const": "infinity"]]]
                : ["type": "integer", "minimum": 0, "maximum": .int(Int64(ParameterType.maximumCells))]
        case .bool: ["type": "boolean"]
        case .color: ["anyOf": [["enum": .array(ColorNames.names.map(JSONValue.string))], ["type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"]]]
        default: [:]
        }
        return ["anyOf": [literal, ["$ref": "#/$defs/value"]]]
    }
}
