import LoomCells
import LoomStore

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

/// A key or wheel event a viewer sends (`input`).
public struct InputEvent: Sendable, Hashable {
    /// `up`, `down`, `left`, `right`, `tab`, `backtab`, `enter`, `space`, `escape`, `backspace`,
    /// `pageup`, `pagedown`, `home`, `end`, `char` (with `text`), `wheel` (with lines, row, column).
    public var key: String
    public var text: String?
    public var lines: Int?
    public var row: Int?
    public var column: Int?

    public init(key: String, text: String? = nil, lines: Int? = nil, row: Int? = nil, column: Int? = nil) {
        self.key = key
        self.text = text
        self.lines = lines
        self.row = row
        self.column = column
    }
}

/// Every message of the protocol, in both directions (Protocol/README.md specifies each).
public enum Message: Sendable, Equatable {
    // Handshake
    case hello(id: Int64, versions: ClosedRange<Int>, role: Role?, encoding: String, client: String?)
    case welcome(id: Int64, version: Int, role: Role, server: String)

    // Control requests (every request carries an id; its one reply carries it back)
    case patch(id: Int64, patch: JSONValue)
    case set(id: Int64, path: String, value: JSONValue)
    case merge(id: Int64, path: String, value: JSONValue)
    case get(id: Int64, path: String)
    case watch(id: Int64, paths: [String])
    case wait(id: Int64, revision: Int64)
    case scenes(id: Int64)
    case stats(id: Int64)
    case trace(id: Int64, scene: String?)
    case snapshot(id: Int64, scene: String, width: Int, height: Int, markup: Bool)
    case ping(id: Int64)

    // Viewer requests
    /// `highlight`: the viewer wants, in each frame, the rectangles re-evaluated (`highlight` messages).
    case attach(id: Int64, scene: String, width: Int, height: Int, highlight: Bool = false)
    case resize(width: Int, height: Int)
    case input(InputEvent)
    case ack(sequence: Int64)
    case detach(id: Int64)

    // Replies
    case ok(id: Int64, revision: Int64?)
    case value(id: Int64, revision: Int64, value: JSONValue?)
    case sceneList(id: Int64, scenes: [String])
    case statsReport(id: Int64, stats: JSONValue)
    case snapshotText(id: Int64, text: String)
    case pong(id: Int64)
    case error(id: Int64?, code: String, message: String, fatal: Bool)

    // Streams
    case changed(watch: Int64, revision: Int64, path: String, value: JSONValue?)
    case evaluation(scene: String, view: String, node: Int64, causes: [String])

    // Viewer frames
    case style(id: StyleID, style: Style)
    case grid(GridOperation)
    case cursor(row: Int, column: Int, visible: Bool)
    case keyframe(width: Int, height: Int)
    case highlight(rects: [GridRect])
    case flush(sequence: Int64)
    case bye(reason: String)

    /// A message type this version does not know (a newer peer): viewers ignore it.
    case unknown(type: String)

    /// The request id, for requests and replies.
    public var id: Int64? {
        switch self {
        case .hello(let id, _, _, _, _), .welcome(let id, _, _, _), .patch(let id, _), .set(let id, _, _), .merge(let id, _, _),
             .get(let id, _), .watch(let id, _), .wait(let id, _), .scenes(let id), .stats(let id), .trace(let id, _),
             .snapshot(let id, _, _, _, _), .ping(let id), .attach(let id, _, _, _, _), .detach(let id), .ok(let id, _),
             .value(let id, _, _), .sceneList(let id, _), .statsReport(let id, _), .snapshotText(let id, _), .pong(let id):
            id
        case .error(let id, _, _, _):
            id
        default:
            nil
        }
    }
}
