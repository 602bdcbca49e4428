import LoomCells
import LoomJSON

/// The newline-delimited JSON encoding: one JSON object per line, `type` naming the message.
/// Extra members are ignored; a missing or mistyped member is a `malformed_message` error.
public enum JSONCodec {
    // MARK: - Lines

    /// A message as one line of JSON text, newline included.
    public static func line(_ message: Message) -> [UInt8] {
        var bytes = JSONWriter.bytes(json(message))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Decodes one line (without its newline).
    public static func decode(line: [UInt8], limits: WireLimits = .default) throws(WireError) -> Message {
        let value: JSONValue
        do {
            var json = limits.json
            json.requiresUniqueTopLevelKeys = true
            value = try JSONParser.parse(line, limits: json)
        } catch {
            let wire = error.isDuplicateKey ? .malformed(error.description)
                : error.isLimit ? WireError(.limitExceeded, error.description) : WireError(.invalidJSON, error.description)
            throw wire.about(error.membersBefore.flatMap { try? Fields(object: $0).id() })
        }
        return try decode(value, limits: limits)
    }

    // MARK: - Encoding

    public static func json(_ message: Message) -> JSONValue {
        var object = JSONObject()
        func put(_ key: String, _ value: JSONValue?) { if let value { object[key] = value } }
        func int<I: BinaryInteger>(_ value: I) -> JSONValue { .int(Int64(value)) }
        put("type", .string(typeName(message)))
        if let id = message.id { put("id", .int(id.rawValue)) }
        switch message {
        case .hello(_, let versions, let role, let encoding, let client):
            put("versions", [int(versions.lowerBound), int(versions.upperBound)])
            put("role", role.map { .string($0.rawValue) })
            put("encoding", .string(encoding.rawValue))
            put("client", client.map(JSONValue.string))
        case .welcome(_, let version, let role, let server):
            put("version", int(version))
            put("role", .string(role.rawValue))
            put("server", .string(server))
        case .patch(_, let patch): put("patch", patch)
        case .set(_, let path, let value), .merge(_, let path, let value):
            put("path", .string(path))
            put("value", value)
        case .get(_, let path): put("path", .string(path))
        case .watch(_, let paths, let since):
            put("paths", .array(paths.map(JSONValue.string)))
            if let since { put("since", .int(since)) }
        case .wait(_, let revision): put("revision", .int(revision))
        case .scenes, .stats, .ping, .detach, .pong: break
        case .trace(_, let scene): put("scene", scene.map(JSONValue.string))
        case .snapshot(_, let scene, let width, let height, let markup):
            put("scene", .string(scene))
            put("width", int(width))
            put("height", int(height))
            if markup { put("markup", true) }
        case .attach(_, let scene, let width, let height, let highlight):
            put("scene", .string(scene))
            put("width", int(width))
            put("height", int(height))
            if highlight { put("highlight", true) }
        case .resize(let width, let height):
            put("width", int(width))
            put("height", int(height))
        case .input(let event):
            put("key", .string(event.key.rawValue))
            put("text", event.text.map(JSONValue.string))
            put("lines", event.lines.map(int))
            put("row", event.row.map(int))
            put("col", event.column.map(int))
        case .ack(let sequence), .flush(let sequence): put("seq", .int(sequence))
        case .ok(_, let revision): put("revision", revision.map(JSONValue.int))
        case .value(_, let revision, let value):
            put("revision", .int(revision))
            put("value", value)
        case .sceneList(_, let scenes, let origins):
            put("scenes", .array(scenes.map(JSONValue.string)))
            if !origins.isEmpty { put("origins", .array(origins.map(JSONValue.string))) }
        case .sceneApply(_, let name, let document):
            put("name", .string(name))
            put("document", .string(document))
        case .sceneGet(_, let name), .sceneRemove(_, let name): put("name", .string(name))
        case .sceneDocument(_, let name, let document, let origin):
            put("name", .string(name))
            put("document", .string(document))
            put("origin", .string(origin))
        case .statsReport(_, let stats): put("stats", stats)
        case .snapshotText(_, let text): put("text", .string(text))
        case .error(_, let code, let text, let fatal):
            put("code", .string(code.rawValue))
            put("message", .string(text))
            put("fatal", .bool(fatal))
        case .changed(let watch, let revision, let path, let value):
            put("watch", .int(watch.rawValue))
            put("revision", .int(revision))
            put("path", .string(path))
            put("value", value)
        case .evaluation(let scene, let view, let node, let causes, let viewer):
            put("scene", .string(scene))
            put("view", .string(view))
            put("node", .int(node))
            put("causes", .array(causes.map(JSONValue.string)))
            if viewer != 0 { put("viewer", .int(viewer)) }
        case .style(let id, let style):
            put("id", int(id.rawValue))
            put("fg", style.foreground.map(colorJSON))
            put("bg", style.background.map(colorJSON))
            let names = TextStyle.names.filter { style.attributes.contains($0.0) }.map { JSONValue.string($0.1) }
            if !names.isEmpty { put("attrs", .array(names)) }
        case .grid(.line(let row, let column, let runs)):
            put("row", int(row))
            put("col", int(column))
            put("cells", .array(runs.map { run in
                var cell: [JSONValue] = [.string(run.text)]
                if run.style != nil || run.repeatCount != 1 { cell.append(run.style.map { int($0.rawValue) } ?? .null) }
                if run.repeatCount != 1 { cell.append(int(run.repeatCount)) }
                return .array(cell)
            }))
        case .grid(.scroll(let top, let bottom, let left, let right, let rows)):
            for (key, value) in [("top", top), ("bottom", bottom), ("left", left), ("right", right), ("rows", rows)] { put(key, int(value)) }
        case .cursor(let row, let column, let visible):
            put("row", int(row))
            put("col", int(column))
            put("visible", .bool(visible))
        case .keyframe(let width, let height):
            put("width", int(width))
            put("height", int(height))
        case .highlight(let rects):
            put("rects", .array(rects.map { [int($0.column), int($0.row), int($0.width), int($0.height)] }))
        case .bye(let reason): put("reason", .string(reason))
        case .dropped(let stream, let count):
            put("stream", .string(stream))
            put("count", .int(count))
        case .unknown: break
        }
        return .object(object)
    }

    static func typeName(_ message: Message) -> String {
        if case .unknown(let type, _) = message { return type }
        return message.kind?.type ?? ""
    }

    static func colorJSON(_ color: Color) -> JSONValue {
        switch color {
        case .named(let name): .string(name.name)
        case .palette(let index): .int(Int64(index))
        case .rgb(let red, let green, let blue): .string("#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        }
    }

    // MARK: - Decoding

    /// Decodes a message object; an unknown `type` decodes as `.unknown` (the receiver decides).
    /// An error in a message whose `id` is an integer names that id.
    public static func decode(_ value: JSONValue, limits: WireLimits = .default) throws(WireError) -> Message {
        guard case .object(let object) = value else { throw .malformed("a message must be a JSON object") }
        let fields = Fields(object: object)
        do {
            return try decode(fields, limits: limits)
        } catch {
            throw error.about(try? fields.id())
        }
    }

    private static func decode(_ fields: Fields, limits: WireLimits) throws(WireError) -> Message {
        let object = fields.object
        let type = try fields.string("type")
        guard let kind = MessageKind(type: type) else { return .unknown(type: type, id: try? fields.id()) }
        switch kind {
        case .hello:
            let versions = try fields.intArray("versions")
            guard versions.count == 2, versions[0] <= versions[1] else { throw .malformed("'versions' must be [lowest, highest]") }
            let role = try fields.optionalString("role").map { name throws(WireError) -> Role in
                guard let role = Role(rawValue: name) else { throw .malformed("unknown role '\(name)'") }
                return role
            }
            guard let encoding = Encoding(rawValue: try fields.optionalString("encoding") ?? "json") else {
                throw .malformed("'encoding' must be \"json\" or \"binary\"")
            }
            return .hello(id: try fields.id(), versions: versions[0]...versions[1], role: role, encoding: encoding, client: try fields.optionalString("client"))
        case .welcome:
            guard let role = Role(rawValue: try fields.string("role")) else { throw .malformed("unknown role") }
            return .welcome(id: try fields.id(), version: try fields.int("version"), role: role, server: try fields.string("server"))
        case .patch: return .patch(id: try fields.id(), patch: try fields.value("patch"))
        case .set: return .set(id: try fields.id(), path: try fields.string("path"), value: try fields.value("value"))
        case .merge: return .merge(id: try fields.id(), path: try fields.string("path"), value: try fields.value("value"))
        case .get: return .get(id: try fields.id(), path: try fields.string("path"))
        case .watch: return .watch(id: try fields.id(), paths: try fields.stringArray("paths"), since: try fields.optionalCount("since"))
        case .wait: return .wait(id: try fields.id(), revision: try fields.count("revision"))
        case .scenes: return .scenes(id: try fields.id())
        case .stats: return .stats(id: try fields.id())
        case .trace: return .trace(id: try fields.id(), scene: try fields.optionalString("scene"))
        case .snapshot:
            let id = try fields.id(), scene = try fields.string("scene"), size = try fields.screen(limits)
            return .snapshot(id: id, scene: scene, width: size.width, height: size.height,
                             markup: try fields.optionalBool("markup") ?? false)
        case .ping: return .ping(id: try fields.id())
        case .attach:
            let id = try fields.id(), scene = try fields.string("scene"), size = try fields.screen(limits)
            return .attach(id: id, scene: scene, width: size.width, height: size.height,
                           highlight: try fields.optionalBool("highlight") ?? false)
        case .resize:
            let size = try fields.screen(limits)
            return .resize(width: size.width, height: size.height)
        case .input:
            let key = InputKey(rawValue: try fields.string("key"))
            return .input(InputEvent(key: key, text: try limits.inputText(fields.optionalString("text"), key: key), lines: try fields.optionalInt("lines"),
                                     row: try fields.optionalNatural("row"), column: try fields.optionalNatural("col")))
        case .ack: return .ack(sequence: try fields.count("seq"))
        case .detach: return .detach(id: try fields.id())
        case .ok: return .ok(id: try fields.id(), revision: try fields.optionalCount("revision"))
        case .value: return .value(id: try fields.id(), revision: try fields.count("revision"), value: object["value"])
        case .sceneList:
            return .sceneList(id: try fields.id(), scenes: try fields.stringArray("scenes"), origins: object["origins"] == nil ? [] : try fields.stringArray("origins"))
        case .sceneApply: return .sceneApply(id: try fields.id(), name: try fields.string("name"), document: try fields.string("document"))
        case .sceneGet: return .sceneGet(id: try fields.id(), name: try fields.string("name"))
        case .sceneRemove: return .sceneRemove(id: try fields.id(), name: try fields.string("name"))
        case .sceneDocument:
            return .sceneDocument(id: try fields.id(), name: try fields.string("name"), document: try fields.string("document"), origin: try fields.string("origin"))
        case .statsReport: return .statsReport(id: try fields.id(), stats: try fields.value("stats"))
        case .snapshotText: return .snapshotText(id: try fields.id(), text: try fields.string("text"))
        case .pong: return .pong(id: try fields.id())
        case .error:
            return .error(id: try fields.optionalID(), code: ErrorCode(rawValue: try fields.string("code")), message: try fields.string("message"),
                          fatal: try fields.optionalBool("fatal") ?? false)
        case .changed:
            return .changed(watch: try fields.id("watch"), revision: try fields.count("revision"), path: try fields.string("path"), value: object["value"])
        case .evaluation:
            return .evaluation(scene: try fields.string("scene"), view: try fields.string("view"), node: try fields.count("node"),
                               causes: try fields.stringArray("causes"), viewer: try fields.optionalCount("viewer") ?? 0)
        case .style:
            var style = Style()
            style.foreground = try object["fg"].map(color)
            style.background = try object["bg"].map(color)
            for name in try fields.optionalStringArray("attrs") ?? [] {
                guard let attribute = TextStyle.names.first(where: { $0.1 == name })?.0 else { throw .malformed("unknown attribute '\(name)'") }
                style.attributes.insert(attribute)
            }
            return .style(id: StyleID(rawValue: UInt32(try fields.int("id"))), style: style)
        case .line:
            guard case .array(let cells)? = object["cells"] else { throw .malformed("'cells' must be an array") }
            var runs: [CellRun] = []
            for cell in cells {
                guard case .array(let parts) = cell, case .string(let text)? = parts.first, parts.count <= 3 else {
                    throw .malformed("a cell must be [text, style?, repeat?]")
                }
                var style: StyleID?
                if parts.count > 1, parts[1] != .null { style = StyleID(rawValue: UInt32(try natural(parts[1], "a cell's style"))) }
                let repeatCount = parts.count > 2 ? try natural(parts[2], "a cell's repeat") : 1
                runs.append(CellRun(limits.cellText(text), style: style, repeatCount: repeatCount))
            }
            return .grid(.line(row: try fields.int("row"), column: try fields.int("col"), runs: runs))
        case .gridScroll:
            return .grid(try limits.scrolledRectangle(top: fields.int("top"), bottom: fields.int("bottom"), left: fields.int("left"), right: fields.int("right"),
                                                      rows: fields.signedInt("rows")))
        case .cursor: return .cursor(row: try fields.int("row"), column: try fields.int("col"), visible: try fields.optionalBool("visible") ?? true)
        case .keyframe:
            let size = try fields.screen(limits)
            return .keyframe(width: size.width, height: size.height)
        case .highlight:
            guard case .array(let items)? = object["rects"] else { throw .malformed("'rects' must be an array") }
            var rects: [GridRect] = []
            for item in items {
                guard case .array(let numbers) = item, numbers.count == 4 else { throw .malformed("a rect must be [column, row, width, height]") }
                let values = try numbers.map { value throws(WireError) in try natural(value, "a rect's member") }
                rects.append(GridRect(column: values[0], row: values[1], width: values[2], height: values[3]))
            }
            return .highlight(rects: rects)
        case .flush: return .flush(sequence: try fields.count("seq"))
        case .bye: return .bye(reason: try fields.optionalString("reason") ?? "")
        case .dropped: return .dropped(stream: try fields.string("stream"), count: try fields.count("count"))
        }
    }

    static func color(_ value: JSONValue) throws(WireError) -> Color {
        switch value {
        case .int(let index) where (0...255).contains(index): return .palette(UInt8(index))
        case .string(let text) where text.hasPrefix("#") && text.count == 7:
            guard let rgb = UInt32(text.dropFirst(), radix: 16) else { throw .malformed("a colour '#rrggbb' must be hexadecimal") }
            return .rgb(UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
        case .string(let name):
            guard let named = Color.Named(name: name) else { throw .malformed("unknown colour '\(name)'") }
            return .named(named)
        default:
            throw .malformed("a colour is a name, a palette index 0…255, or \"#rrggbb\"")
        }
    }

    /// An integer member: a JSON number written as an integer (no fraction, no exponent: `1.0`
    /// and `1e2` are not integers here) within `range`, or nil.
    static func integer(_ value: JSONValue, in range: ClosedRange<Int64>) -> Int64? {
        guard case .int(let number) = value, range.contains(number) else { return nil }
        return number
    }

    static func natural(_ value: JSONValue, _ what: String) throws(WireError) -> Int {
        guard let number = integer(value, in: 0...Int64(Int32.max)) else { throw .malformed("\(what) must be an integer in 0…\(Int32.max)") }
        return Int(number)
    }

    /// Typed access to a message's members, with errors naming the member.
    struct Fields {
        let object: JSONObject

        func value(_ key: String) throws(WireError) -> JSONValue {
            guard let value = object[key] else { throw .malformed("missing '\(key)'") }
            return value
        }

        func string(_ key: String) throws(WireError) -> String {
            guard case .string(let text) = try value(key) else { throw .malformed("'\(key)' must be a string") }
            return text
        }

        func optionalString(_ key: String) throws(WireError) -> String? {
            guard let value = object[key], value != .null else { return nil }
            guard case .string(let text) = value else { throw .malformed("'\(key)' must be a string") }
            return text
        }

        func int(_ key: String) throws(WireError) -> Int {
            try JSONCodec.natural(try value(key), "'\(key)'")
        }

        func signedInt(_ key: String) throws(WireError) -> Int {
            guard let number = integer(try value(key), in: -Int64(Int32.max)...Int64(Int32.max)) else {
                throw .malformed("'\(key)' must be an integer in ±\(Int32.max)")
            }
            return Int(number)
        }

        func optionalInt(_ key: String) throws(WireError) -> Int? {
            guard let value = object[key], value != .null else { return nil }
            return try signedInt(key)
        }

        /// A screen's `width` and `height` (`WireLimits.screen`).
        func screen(_ limits: WireLimits) throws(WireError) -> (width: Int, height: Int) {
            try limits.screen(width: int("width"), height: int("height"))
        }

        func optionalNatural(_ key: String) throws(WireError) -> Int? {
            guard let value = object[key], value != .null else { return nil }
            return try int(key)
        }

        func optionalBool(_ key: String) throws(WireError) -> Bool? {
            guard let value = object[key], value != .null else { return nil }
            guard case .bool(let flag) = value else { throw .malformed("'\(key)' must be true or false") }
            return flag
        }

        /// A revision, sequence number or node number: a natural 64-bit count.
        func count(_ key: String) throws(WireError) -> Int64 {
            guard let number = integer(try value(key), in: 0...Int64.max) else { throw .malformed("'\(key)' must be an integer in 0…\(Int64.max)") }
            return number
        }

        func optionalCount(_ key: String) throws(WireError) -> Int64? {
            guard object[key] != nil, object[key] != .null else { return nil }
            return try count(key)
        }

        func optionalID() throws(WireError) -> RequestID? {
            guard object["id"] != nil, object["id"] != .null else { return nil }
            return try id()
        }

        func id(_ key: String = "id") throws(WireError) -> RequestID {
            guard let value = object[key] else { throw WireError(.missingID, "a request needs an integer '\(key)'") }
            guard let id = integer(value, in: Int64.min...Int64.max) else { throw WireError(.missingID, "'\(key)' must be an integer in -2^63…2^63-1") }
            return RequestID(id)
        }

        func intArray(_ key: String) throws(WireError) -> [Int] {
            guard case .array(let items) = try value(key) else { throw .malformed("'\(key)' must be an array") }
            return try items.map { item throws(WireError) in try JSONCodec.natural(item, "'\(key)' members") }
        }

        func stringArray(_ key: String) throws(WireError) -> [String] {
            guard case .array(let items) = try value(key) else { throw .malformed("'\(key)' must be an array of strings") }
            return try items.map { item throws(WireError) in
                guard case .string(let text) = item else { throw .malformed("'\(key)' must be an array of strings") }
                return text
            }
        }

        func optionalStringArray(_ key: String) throws(WireError) -> [String]? {
            guard object[key] != nil, object[key] != .null else { return nil }
            return try stringArray(key)
        }
    }
}
