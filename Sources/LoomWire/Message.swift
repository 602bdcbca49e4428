import LoomCells
import LoomJSON

/// The protocol's version: what `hello` offers and `welcome` confirms (Protocol/README.md).
public enum ProtocolVersion {
    public static let current = 1
    public static let supported = 1...1
}

/// The roles a connection can have; the daemon decides them from the socket and the peer's
/// credentials. `hello` may only ask for less.
public enum Role: String, Sendable, Hashable, CaseIterable {
    /// Mutate and read the store, ask for stats, traces and snapshots.
    case control
    /// Attach to scenes and send input.
    case viewer
    /// Attach to scenes, read-only.
    case observer
}

/// A request's id: any signed 64-bit integer the client chose, the same range in both
/// encodings (zigzag LEB128 in binary, a JSON integer in JSON). Every reply to the request, and
/// a watch's `changed` stream, carries it back exactly as it came.
public struct RequestID: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public init(integerLiteral value: Int64) {
        self.rawValue = value
    }

    public var description: String { rawValue.description }
}

/// Every message of the protocol, in both directions (Protocol/README.md specifies each;
/// `MessageKind` declares each one's members).
public enum Message: Sendable, Equatable {
    // Handshake
    case hello(id: RequestID, versions: ClosedRange<Int>, role: Role?, encoding: Encoding, client: String?)
    case welcome(id: RequestID, version: Int, role: Role, server: String)

    // Control requests (every request carries an id; its one reply carries it back)
    case patch(id: RequestID, patch: JSONValue)
    case set(id: RequestID, path: String, value: JSONValue)
    case merge(id: RequestID, path: String, value: JSONValue)
    case get(id: RequestID, path: String)
    /// `since`: resume a watch that saw every change up to that revision (`Store.watch(_:since:_:)`).
    case watch(id: RequestID, paths: [String], since: Int64? = nil)
    case wait(id: RequestID, revision: Int64)
    case scenes(id: RequestID)
    case stats(id: RequestID)
    case trace(id: RequestID, scene: String?)
    case snapshot(id: RequestID, scene: String, width: Int, height: Int, markup: Bool)
    case ping(id: RequestID)
    /// `document`: a scene document's text (docs/scene-documents.md), validated before it replaces anything.
    case sceneApply(id: RequestID, name: String, document: String)
    case sceneGet(id: RequestID, name: String)
    case sceneRemove(id: RequestID, name: String)

    // Viewer requests
    /// `highlight`: the viewer wants, in each frame, the rectangles re-evaluated (`highlight` messages).
    case attach(id: RequestID, scene: String, width: Int, height: Int, highlight: Bool = false)
    case resize(width: Int, height: Int)
    case input(InputEvent)
    case ack(sequence: Int64)
    case detach(id: RequestID)

    // Replies
    case ok(id: RequestID, revision: Int64?)
    case value(id: RequestID, revision: Int64, value: JSONValue?)
    /// `origins`: where each scene comes from, in the same order (`built-in`, `declared`, `file PATH`).
    case sceneList(id: RequestID, scenes: [String], origins: [String] = [])
    case sceneDocument(id: RequestID, name: String, document: String, origin: String)
    case statsReport(id: RequestID, stats: JSONValue)
    case snapshotText(id: RequestID, text: String)
    case pong(id: RequestID)
    case error(id: RequestID?, code: ErrorCode, message: String, fatal: Bool)

    // Streams
    case changed(watch: RequestID, revision: Int64, path: String, value: JSONValue?)
    /// `viewer`: the viewer whose own graph it was evaluated in (`stats` lists viewers by it);
    /// 0 when viewers share the graph.
    case evaluation(scene: String, view: String, node: Int64, causes: [String], viewer: Int64 = 0)
    /// Messages of a stream (`trace`) the daemon dropped while the client did not read them.
    case dropped(stream: String, count: Int64)

    // Viewer frames
    case style(id: StyleID, style: Style)
    case grid(GridOperation)
    case cursor(row: Int, column: Int, visible: Bool)
    case keyframe(width: Int, height: Int)
    case highlight(rects: [GridRect])
    case flush(sequence: Int64)
    case bye(reason: String)

    /// A message type this version does not know (a newer peer): viewers ignore it; the
    /// daemon answers `unknown_type`, with the id when the message had one it could read.
    case unknown(type: String, id: RequestID?)

    /// The request id, for requests and replies.
    public var id: RequestID? {
        switch self {
        case .hello(let id, _, _, _, _), .welcome(let id, _, _, _), .patch(let id, _), .set(let id, _, _), .merge(let id, _, _),
             .get(let id, _), .watch(let id, _, _), .wait(let id, _), .scenes(let id), .stats(let id), .trace(let id, _),
             .snapshot(let id, _, _, _, _), .ping(let id), .attach(let id, _, _, _, _), .detach(let id), .ok(let id, _),
             .value(let id, _, _), .sceneList(let id, _, _), .statsReport(let id, _), .snapshotText(let id, _), .pong(let id),
             .sceneApply(let id, _, _), .sceneGet(let id, _), .sceneRemove(let id, _), .sceneDocument(let id, _, _, _):
            id
        case .error(let id, _, _, _), .unknown(_, let id):
            id
        default:
            nil
        }
    }

    /// Its type: nil for a type this version does not know.
    package var kind: MessageKind? {
        switch self {
        case .hello: .hello
        case .welcome: .welcome
        case .patch: .patch
        case .set: .set
        case .merge: .merge
        case .get: .get
        case .watch: .watch
        case .wait: .wait
        case .scenes: .scenes
        case .stats: .stats
        case .trace: .trace
        case .snapshot: .snapshot
        case .ping: .ping
        case .sceneApply: .sceneApply
        case .sceneGet: .sceneGet
        case .sceneRemove: .sceneRemove
        case .sceneDocument: .sceneDocument
        case .attach: .attach
        case .resize: .resize
        case .input: .input
        case .ack: .ack
        case .detach: .detach
        case .ok: .ok
        case .value: .value
        case .sceneList: .sceneList
        case .statsReport: .statsReport
        case .snapshotText: .snapshotText
        case .pong: .pong
        case .error: .error
        case .changed: .changed
        case .evaluation: .evaluation
        case .dropped: .dropped
        case .style: .style
        case .grid(.line): .line
        case .grid(.scroll): .gridScroll
        case .cursor: .cursor
        case .keyframe: .keyframe
        case .highlight: .highlight
        case .flush: .flush
        case .bye: .bye
        case .unknown: nil
        }
    }
}

/// Loom's release, as `loom --version`, `loomd --version` and the daemon's `welcome` say it.
public enum LoomVersion {
    public static let current = "0.1"
}
