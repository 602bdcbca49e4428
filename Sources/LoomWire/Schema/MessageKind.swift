/// Every message type of the protocol, each declared once: its binary tag here, the rest in
/// `declaration` (Protocol/README.md describes them for people; `MessageSchema` says what
/// reads the declarations).
package enum MessageKind: UInt64, CaseIterable, Sendable {
    case hello = 1
    case welcome = 2
    case patch = 3
    case set = 4
    case merge = 5
    case get = 6
    case watch = 7
    case wait = 8
    case scenes = 9
    case stats = 10
    case trace = 11
    case snapshot = 12
    case ping = 13
    case attach = 14
    case resize = 15
    case input = 16
    case ack = 17
    case detach = 18
    case ok = 19
    case value = 20
    case sceneList = 21
    case statsReport = 22
    case snapshotText = 23
    case pong = 24
    case error = 25
    case changed = 26
    case evaluation = 27
    case style = 28
    case line = 29
    case gridScroll = 30
    case cursor = 31
    case keyframe = 32
    case highlight = 33
    case flush = 34
    case bye = 35
    case dropped = 36
    case sceneApply = 37
    case sceneGet = 38
    case sceneRemove = 39
    case sceneDocument = 40

    /// The binary tag.
    package var tag: UInt64 { rawValue }

    /// The type a binary tag names, if this version knows it.
    package init?(tag: UInt64) {
        self.init(rawValue: tag)
    }

    /// The type a JSON `type` names, if this version knows it.
    package init?(type: String) {
        guard let kind = Self.byType[type] else { return nil }
        self = kind
    }

    /// The declaration: names, version, direction, members in binary order.
    package var schema: MessageSchema { Self.schemas[self] ?? Self.declaration(self) }

    /// The JSON `type`, found without copying the declaration (every JSON message writes it).
    package var type: String { Self.types[Int(rawValue)] }

    /// Who sends it, found without copying the declaration (the daemon asks it of every request).
    package var direction: MessageSchema.Direction { Self.directions[Int(rawValue)] }

    private static let directions: [MessageSchema.Direction] = {
        var directions = Array(repeating: MessageSchema.Direction.daemonToClient, count: types.count)
        for kind in allCases { directions[Int(kind.rawValue)] = declaration(kind).direction }
        return directions
    }()

    /// The JSON types by tag (tags are 1…40; index 0 is unused).
    private static let types: [String] = {
        var types = Array(repeating: "", count: Int(allCases.map(\.rawValue).max() ?? 0) + 1)
        for kind in allCases { types[Int(kind.rawValue)] = declaration(kind).type }
        return types
    }()

    private static let schemas = Dictionary(uniqueKeysWithValues: allCases.map { ($0, declaration($0)) })
    private static let byType = Dictionary(uniqueKeysWithValues: allCases.map { (declaration($0).type, $0) })

    private static func declaration(_ kind: MessageKind) -> MessageSchema {
        switch kind {
        case .hello: MessageSchema("hello", .clientToDaemon, "opens a connection", [
            .init("id", .id), .init("versions", .versions), .init("role", .name(Role.allCases.map(\.rawValue)), .optional),
            .init("encoding", .name(["json", "binary"]), .defaulted("json")), .init("client", .string, .optional),
        ])
        case .welcome: MessageSchema("welcome", .daemonToClient, "accepts a hello", [
            .init("id", .id), .init("version", .natural), .init("role", .name(Role.allCases.map(\.rawValue))), .init("server", .string),
        ])
        case .patch: MessageSchema("patch", .control, "applies a JSON Patch (RFC 6902) atomically", [
            .init("id", .id), .init("patch", .json(type: "array")),
        ])
        case .set: MessageSchema("set", .control, "sets the value at a path, creating parents", [
            .init("id", .id), .init("path", .pointer), .init("value", .json(type: nil)),
        ])
        case .merge: MessageSchema("merge", .control, "applies a JSON Merge Patch (RFC 7396) at a path", [
            .init("id", .id), .init("path", .pointer), .init("value", .json(type: nil)),
        ])
        case .get: MessageSchema("get", .control, "reads the value at a path", [.init("id", .id), .init("path", .pointer)])
        case .watch: MessageSchema("watch", .control, "streams the changes under paths (after since, when resuming)", [
            .init("id", .id), .init("paths", .strings(pointers: true)), .init("since", .count, .appended(.null)),
        ])
        case .wait: MessageSchema("wait", .control, "replies once a revision is durable", [.init("id", .id), .init("revision", .count)])
        case .scenes: MessageSchema("scenes", .control, "lists the scenes", [.init("id", .id)])
        case .stats: MessageSchema("stats", .control, "reports counters", [.init("id", .id)])
        case .trace: MessageSchema("trace", .control, "streams evaluations with their causes", [
            .init("id", .id), .init("scene", .string, .optional),
        ])
        case .snapshot: MessageSchema("snapshot", .control, "renders a scene at a size", [
            .init("id", .id), .init("scene", .string), .init("width", .screen), .init("height", .screen), .init("markup", .bool, .defaulted(false)),
        ])
        case .ping: MessageSchema("ping", .control, "asks for a pong", [.init("id", .id)])
        case .attach: MessageSchema("attach", .viewer, "attaches to a scene", [
            .init("id", .id), .init("scene", .string), .init("width", .screen), .init("height", .screen), .init("highlight", .bool, .appended(false)),
        ])
        case .resize: MessageSchema("resize", .viewer, "the viewer's terminal changed size (or says it again: a keyframe follows)", [
            .init("width", .screen), .init("height", .screen),
        ])
        case .input: MessageSchema("input", .viewer, "a key, wheel or click event", [
            .init("key", .string), .init("text", .string, .optional), .init("lines", .signed, .optional),
            .init("row", .natural, .optional), .init("col", .natural, .optional),
        ])
        case .ack: MessageSchema("ack", .viewer, "acknowledges every frame up to seq (cumulative)", [.init("seq", .count)])
        case .detach: MessageSchema("detach", .viewer, "leaves the scene", [.init("id", .id)])
        case .ok: MessageSchema("ok", .daemonToClient, "a request succeeded", [.init("id", .id), .init("revision", .count, .optional)])
        case .value: MessageSchema("value", .daemonToClient, "the reply to get", [
            .init("id", .id), .init("revision", .count), .init("value", .json(type: nil), .optional),
        ])
        case .sceneList: MessageSchema("scene_list", .daemonToClient, "the reply to scenes", [
            .init("id", .id), .init("scenes", .strings(pointers: false)), .init("origins", .strings(pointers: false), .appended([])),
        ])
        case .sceneApply: MessageSchema("scene_apply", .control, "declares a scene from a scene document, or replaces a declared one live", [
            .init("id", .id), .init("name", .string), .init("document", .string),
        ])
        case .sceneGet: MessageSchema("scene_get", .control, "reads a declared scene's document as it was applied", [
            .init("id", .id), .init("name", .string),
        ])
        case .sceneRemove: MessageSchema("scene_remove", .control, "removes a declared scene", [.init("id", .id), .init("name", .string)])
        case .sceneDocument: MessageSchema("scene_document", .daemonToClient, "the reply to scene_get", [
            .init("id", .id), .init("name", .string), .init("document", .string), .init("origin", .string),
        ])
        case .statsReport: MessageSchema("stats_report", .daemonToClient, "the reply to stats", [
            .init("id", .id), .init("stats", .json(type: "object")),
        ])
        case .snapshotText: MessageSchema("snapshot_text", .daemonToClient, "the reply to snapshot", [.init("id", .id), .init("text", .string)])
        case .pong: MessageSchema("pong", .daemonToClient, "the reply to ping", [.init("id", .id)])
        case .error: MessageSchema("error", .daemonToClient, "a refused request or a framing violation", [
            .init("id", .id, .optional), .init("code", .string), .init("message", .string), .init("fatal", .bool, .defaulted(false)),
        ])
        case .changed: MessageSchema("changed", .daemonToClient, "a change under a watched path", [
            .init("watch", .id), .init("revision", .count), .init("path", .pointer), .init("value", .json(type: nil), .optional),
        ])
        case .evaluation: MessageSchema("evaluation", .daemonToClient, "one evaluation, with its causes", [
            .init("scene", .string), .init("view", .string), .init("node", .count), .init("causes", .strings(pointers: false)),
            .init("viewer", .count, .appended(0)),
        ])
        case .style: MessageSchema("style", .daemonToViewer, "defines a style id", [
            .init("id", .natural), .init("fg", .colour, .optional), .init("bg", .colour, .optional), .init("attrs", .attributes, .defaulted([])),
        ])
        case .line: MessageSchema("line", .daemonToViewer, "cells from a position: runs [text, style?, repeat?]", [
            .init("row", .natural), .init("col", .natural), .init("cells", .cells),
        ])
        case .gridScroll: MessageSchema("grid_scroll", .daemonToViewer, "moves a rectangle's rows up (or down, negative)", [
            .init("top", .natural), .init("bottom", .natural), .init("left", .natural), .init("right", .natural), .init("rows", .signed),
        ])
        case .cursor: MessageSchema("cursor", .daemonToViewer, "where the cursor is", [
            .init("row", .natural), .init("col", .natural), .init("visible", .bool, .defaulted(true)),
        ])
        case .keyframe: MessageSchema("keyframe", .daemonToViewer, "the cells that follow repaint the whole screen", [
            .init("width", .screen), .init("height", .screen),
        ])
        case .highlight: MessageSchema("highlight", .daemonToViewer, "rectangles re-evaluated in this frame", [.init("rects", .rectangles)])
        case .flush: MessageSchema("flush", .daemonToViewer, "ends a frame; the viewer shows it and acknowledges seq", [.init("seq", .count)])
        case .bye: MessageSchema("bye", .daemonToClient, "the daemon is closing the connection", [.init("reason", .string, .defaulted(""))])
        case .dropped: MessageSchema("dropped", .daemonToClient, "messages of a stream dropped while the client did not read", [
            .init("stream", .name(["trace"])), .init("count", .count),
        ])
        }
    }
}
