import LoomCells
import LoomCollections
import LoomJSON
import LoomLayout
import LoomLoop
import LoomStore
import LoomStoreViews
import LoomWire

/// One client connection: framing, the handshake, roles, and every request of Protocol/README.md.
///
/// Nothing a client sends can crash the daemon or change state partially: a message that is
/// framed but wrong gets an `error` reply; a framing violation gets a fatal `error` and closes
/// only this connection.
final class Connection {
    /// Read without the runtime's check of an unowned reference (a strong retain and release
    /// at each of a request's dozen reads): a connection lives inside its daemon, which holds
    /// it until both go, and is called only from the daemon's own loop.
    unowned(unsafe) let daemon: Daemon
    let stream: SocketStream
    let granted: Role
    /// Who connected (`SO_PEERCRED`), as the daemon sees it.
    let credentials: PeerCredentials?
    private(set) var role: Role?
    private(set) var encoding = Encoding.json
    private var decoder = MessageDecoder()
    var session: ViewerSession?
    /// Scenes this connection traces (`nil` in the set: all).
    var traced: Set<String?> = []
    var watches: [WatchToken] = []
    /// Acknowledgements waiting for durability, cancelled if the connection goes first.
    var pendingWaits: [Int: WaitToken] = [:]
    var waitCount = 0
    var isClosed = false
    /// The user whose `ConnectionQuota` this connection counts against.
    var quotaUser: UInt32?
    /// What this turn has for the client, written once at the end of the turn: a script
    /// pipelining a thousand requests gets its replies in one write per turn (of at most
    /// `maximumRequestsPerTurn` requests), not one write each.
    var outgoing: [UInt8] = []
    /// Watch changes held back while over the budget: per watch, each path and its latest revision.
    var heldChanges: [RequestID: [JSONPointer: Int64]] = [:]
    /// Evaluations dropped while over the budget, said once the client reads again.
    var droppedEvaluations: Int64 = 0
    /// Past the high mark until the client has read down to the low mark: streams held, requests
    /// neither read nor handled.
    var isOverBudget = false
    /// Requests read and not yet handled. One read brings whatever the client pipelined (up to
    /// 64 KB of it); while the client leaves `OutputBudget.highMark` bytes unread, no more of
    /// them are handled and nothing more is read from it (backpressure: its writes wait in the
    /// kernel), so a client that asks without reading costs the daemon its budget, not its replies.
    private var backlog: [Result<Message, WireError>] = []
    private var handled = 0
    /// A backlog whose storage holds no more requests than this keeps it for the next read (most
    /// reads bring one: a `set`, an `ack`), instead of freeing it and asking for it again; a
    /// larger one, which a pipelining client grew, is freed, so that an idle connection holds
    /// at most this much.
    static let keptBacklogCapacity = 16

    init(daemon: Daemon, stream: SocketStream, credentials: PeerCredentials?, granted: Role) {
        self.daemon = daemon
        self.stream = stream
        self.credentials = credentials
        self.granted = granted
    }

    // MARK: - Input

    /// Handles what arrived. The end of the turn is asked for by what gives it work: output
    /// queued (`send`), a control request (the store's commit, watches and frames), a
    /// scene that needs a frame (`Daemon.needFrame(for:)`). A read of acknowledgements alone,
    /// the most common one, asks for nothing.
    func received(_ bytes: UnsafeRawBufferPointer) {
        do {
            try decoder.feed(bytes, into: &backlog)
        } catch {
            return fail(code: error.code, error.message)
        }
        handleBacklog()
    }

    /// Whether the rest of the backlog waits for the next turn (`maximumRequestsPerTurn`;
    /// reading stopped meanwhile, so that the backlog stays what one read brought).
    private var isContinuing = false

    func handleBacklog() {
        let perTurn = daemon.configuration.maximumRequestsPerTurn
        var handledNow = 0
        while handled < backlog.count, !isClosed, !isOverBudget {
            guard handledNow < perTurn else { return continueNextTurn() }
            let result = backlog[handled]
            handled += 1
            handledNow += 1
            switch result {
            case .success(let message): handle(message)
            case .failure(let error): failed(error)
            }
            _ = checkBudget()
        }
        if handled == backlog.count {
            backlog.removeAll(keepingStorageUpTo: Self.keptBacklogCapacity)
            handled = 0
        }
    }

    private func continueNextTurn() {
        stream.stopReading()
        guard !isContinuing else { return }
        isContinuing = true
        daemon.afterThisTurn { [weak self] in self?.resumeBacklog() }
    }

    private func resumeBacklog() {
        isContinuing = false
        guard !isClosed else { return }
        handleBacklog()
        guard !isContinuing, !isOverBudget, !isClosed else { return }
        do {
            try stream.resumeReading()
        } catch {
            close()
        }
    }

    /// A message that was framed but could not be read: an `error` reply naming its id when
    /// the id could be read. Before the `hello`, nothing but a hello is understood, whatever
    /// was wrong with it: fatal, `hello_expected`.
    private func failed(_ error: WireError) {
        guard role != nil else { return fail(code: .helloExpected, "the first message must be a hello (\(error.message))", id: error.id) }
        send(error.reply)
    }

    /// Sends a fatal error and closes once it is written.
    func fail(code: ErrorCode, _ message: String, id: RequestID? = nil) {
        send([.error(id: id, code: code, message: message, fatal: true)], thenClose: true)
    }

    private func handle(_ message: Message) {
        guard let role else { return handshake(message) }
        if case .unknown(let type, let id) = message { return reply(error: WireError(.unknownType, "unknown request type '\(type)'"), id: id) }
        if case .ping(let id) = message { return send(.pong(id: id)) }
        if case .hello(let id, _, _, _, _) = message { return reply(error: WireError(.malformedMessage, "hello was already received"), id: id) }
        // Who may send what is the declaration's (`MessageKind`), not a second list here.
        switch message.kind?.direction {
        case .control?:
            guard role == .control else {
                let request = JSONCodec.json(message)["type"]?.stringValue ?? "do that"
                return reply(error: WireError(.forbidden, "\(role == .observer ? "an" : "a") \(role.rawValue) connection may not \(request) (that takes the control role)"), id: message.id)
            }
            control(message)
        case .viewer?:
            // An observer's input moves its own focus, scroll and navigation; the controls that
            // change data are inert in its viewport (`Viewport.isReadOnly`).
            viewer(message)
        default:
            reply(error: WireError(.unknownType, "'\(JSONCodec.json(message)["type"]?.stringValue ?? "?")' is not a request"), id: message.id)
        }
    }

    private func handshake(_ message: Message) {
        guard case .hello(let id, let versions, let wanted, let wantedEncoding, _) = message else {
            return fail(code: .helloExpected, "the first message must be a hello")
        }
        guard versions.contains(ProtocolVersion.current) else {
            return fail(code: .protoMismatch, "this daemon speaks protocol \(ProtocolVersion.current); the client offered \(versions.lowerBound)…\(versions.upperBound)", id: id)
        }
        let role = wanted ?? granted
        guard role.rank <= granted.rank else {
            return fail(code: .forbidden, "this user may be at most \(granted.rawValue), not \(role.rawValue)", id: id)
        }
        self.role = role
        send(.welcome(id: id, version: ProtocolVersion.current, role: role, server: daemon.configuration.serverName))
        encoding = wantedEncoding
    }
}
