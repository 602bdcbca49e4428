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
    unowned let daemon: Daemon
    let stream: SocketStream
    let granted: Role
    private(set) var role: Role?
    private var encoding = Encoding.json
    private var decoder = MessageDecoder()
    var session: ViewerSession?
    /// Scenes this connection traces (`nil` in the set: all).
    var traced: Set<String?> = []
    private var watches: [WatchToken] = []
    /// Acknowledgements waiting for durability, cancelled if the connection goes first.
    private var pendingWaits: [Int: WaitToken] = [:]
    private var waitCount = 0
    private(set) var isClosed = false
    /// The user whose `ConnectionQuota` this connection counts against.
    var quotaUser: UInt32?
    /// What this turn has for the client, written once at the end of the turn: a script
    /// pipelining a thousand requests gets its thousand replies in one write, not a thousand.
    private var outgoing: [UInt8] = []

    init(daemon: Daemon, stream: SocketStream, granted: Role) {
        self.daemon = daemon
        self.stream = stream
        self.granted = granted
    }

    // MARK: - Input

    /// Requests read and not yet handled. One read brings whatever the client pipelined (up to
    /// 64 KB of it); while the client leaves `OutputBudget.highMark` bytes unread, no more of
    /// them are handled and nothing more is read from it (backpressure: its writes wait in the
    /// kernel), so a client that asks without reading costs the daemon its budget, not its replies.
    private var backlog: [Result<Message, WireError>] = []
    private var handled = 0

    /// Handles what arrived. The end of the turn is asked for by what gives it work: output
    /// queued (`send`), a control request (the store's commit, watches and frames), a
    /// scene that needs a frame (`Daemon.needFrame(for:)`). A read of acknowledgements alone,
    /// the most common one, asks for nothing.
    func received(_ bytes: [UInt8]) {
        do {
            backlog += try decoder.feed(bytes)
        } catch {
            return fail(code: error.code, error.message)
        }
        handleBacklog()
    }

    private func handleBacklog() {
        while handled < backlog.count, !isClosed, !isOverBudget {
            let result = backlog[handled]
            handled += 1
            switch result {
            case .success(let message): handle(message)
            case .failure(let error): failed(error)
            }
            if queuedBytes > budget.highMark { goOverBudget() }
        }
        if handled == backlog.count {
            backlog.removeAll()
            handled = 0
        }
    }

    /// A message that was framed but could not be read: an `error` reply naming its id when
    /// the id could be read. Before the `hello`, nothing but a hello is understood, whatever
    /// was wrong with it: fatal, `hello_expected`.
    private func failed(_ error: WireError) {
        guard role != nil else { return fail(code: "hello_expected", "the first message must be a hello (\(error.message))", id: error.id) }
        send(error.reply)
    }

    /// Sends a fatal error and closes once it is written.
    func fail(code: String, _ message: String, id: RequestID? = nil) {
        send([.error(id: id, code: code, message: message, fatal: true)], thenClose: true)
    }

    private func handle(_ message: Message) {
        guard let role else { return handshake(message) }
        if case .unknown(let type, let id) = message { return reply(error: WireError("unknown_type", "unknown request type '\(type)'"), id: id) }
        switch message {
        case .patch, .set, .merge, .get, .watch, .wait, .scenes, .stats, .trace, .snapshot:
            guard role == .control else {
                let request = JSONCodec.json(message)["type"]?.stringValue ?? "do that"
                return reply(error: WireError("forbidden", "\(role == .observer ? "an" : "a") \(role.rawValue) connection may not \(request) (that takes the control role)"), id: message.id)
            }
            control(message)
        case .attach, .resize, .input, .ack, .detach:
            if case .input = message, role.rank < Role.viewer.rank {
                return reply(error: WireError("forbidden", "an observer may not send input"), id: nil)
            }
            viewer(message)
        case .ping(let id):
            send(.pong(id: id))
        case .hello(let id, _, _, _, _):
            reply(error: WireError("malformed_message", "hello was already received"), id: id)
        default:
            reply(error: WireError("unknown_type", "'\(JSONCodec.json(message)["type"]?.stringValue ?? "?")' is not a request"), id: message.id)
        }
    }

    private func handshake(_ message: Message) {
        guard case .hello(let id, let versions, let wanted, let wantedEncoding, _) = message else {
            return fail(code: "hello_expected", "the first message must be a hello")
        }
        guard versions.contains(ProtocolVersion.current) else {
            return fail(code: "proto_mismatch", "this daemon speaks protocol \(ProtocolVersion.current); the client offered \(versions.lowerBound)…\(versions.upperBound)", id: id)
        }
        let role = wanted ?? granted
        guard role.rank <= granted.rank else {
            return fail(code: "forbidden", "this user may be at most \(granted.rawValue), not \(role.rawValue)", id: id)
        }
        self.role = role
        send(.welcome(id: id, version: ProtocolVersion.current, role: role, server: daemon.configuration.serverName))
        encoding = wantedEncoding == "binary" ? .binary : .json
    }

    // MARK: - Control requests

    private func control(_ message: Message) {
        // A change's commit, the replies waiting for it, its watches and its frames: at the end of the turn.
        daemon.endTurnSoon()
        let store = daemon.store
        do throws(DocumentError) {
            switch message {
            case .patch(let id, let patch):
                acknowledgeWhenDurable(id, try store.apply(patch: patch))
            case .set(let id, let path, let value):
                acknowledgeWhenDurable(id, try store.set(value, at: try JSONPointer(path)))
            case .merge(let id, let path, let value):
                acknowledgeWhenDurable(id, try store.merge(value, at: try JSONPointer(path)))
            case .get(let id, let path):
                send(.value(id: id, revision: store.revision, value: store.value(at: try JSONPointer(path))))
            case .watch(let id, let paths):
                guard watches.count + paths.count <= Self.maximumWatches else {
                    return reply(error: WireError("limit_exceeded", "a connection watches at most \(Self.maximumWatches) paths (\(watches.count) now)"), id: id)
                }
                let pointers = try paths.map { path throws(DocumentError) in try JSONPointer(path) }
                for pointer in pointers {
                    watches.append(store.watch(pointer) { [weak self] events in
                        for event in events { self?.sendChange(watch: id, event) }
                    })
                }
                send(.ok(id: id, revision: store.revision))
            case .wait(let id, let revision):
                // A revision not reached yet may never be: waiting for it would hold the request
                // (and whatever it keeps) for as long as nobody writes.
                guard revision <= store.revision else {
                    return reply(error: WireError("no_such_revision", "revision \(revision) is not reached (the store is at \(store.revision))"), id: id)
                }
                acknowledgeWhenDurable(id, revision)
            case .scenes(let id):
                send(.sceneList(id: id, scenes: daemon.sceneNames))
            case .stats(let id):
                send(.statsReport(id: id, stats: daemon.statistics()))
            case .trace(let id, let scene):
                if let scene, !daemon.sceneNames.contains(scene) { return reply(error: WireError("no_such_scene", "no scene '\(scene)'"), id: id) }
                traced.insert(scene)
                daemon.tracingChanged()
                send(.ok(id: id, revision: nil))
            case .snapshot(let id, let scene, let width, let height, let markup):
                let size: Size
                do { size = try daemon.screenSize(width, height) } catch { return reply(error: error, id: id) }
                guard let text = daemon.snapshot(scene: scene, size: size, markup: markup) else {
                    return reply(error: WireError("no_such_scene", "no scene '\(scene)'"), id: id)
                }
                send(.snapshotText(id: id, text: text))
            default:
                break
            }
        } catch {
            reply(error: WireError(error.code.rawValue, error.message + (error.path.map { " (path \($0.isEmpty ? "\"\"" : $0))" } ?? "")), id: message.id)
        }
    }

    /// Replies `ok` once `revision` is durable (after the group commit of this loop turn).
    private func acknowledgeWhenDurable(_ id: RequestID, _ revision: Int64) {
        // Already durable (an ephemeral store, or nothing changed): no waiter to keep.
        guard revision > daemon.store.durableRevision else { return send(.ok(id: id, revision: revision)) }
        waitCount += 1
        let key = waitCount
        pendingWaits[key] = daemon.store.wait(for: revision) { [weak self] in
            self?.pendingWaits[key] = nil
            self?.send(.ok(id: id, revision: revision))
        }
    }

    // MARK: - Viewer requests

    private func viewer(_ message: Message) {
        switch message {
        case .attach(let id, let scene, let width, let height, let highlight):
            guard session == nil else { return reply(error: WireError("malformed_message", "already attached; detach first"), id: id) }
            let size: Size
            do { size = try daemon.screenSize(width, height) } catch { return reply(error: error, id: id) }
            guard let session = daemon.attach(self, to: scene, size: size) else {
                return reply(error: WireError("no_such_scene", "no scene '\(scene)'"), id: id)
            }
            session.highlights = highlight
            self.session = session
            daemon.tracingChanged()
            send(.ok(id: id, revision: nil))
        case .detach(let id):
            guard session != nil else { return reply(error: Self.notAttached, id: id) }
            daemon.detach(self)
            send(.ok(id: id, revision: nil))
        case .resize(let width, let height):
            guard let session else { return reply(error: Self.notAttached, id: nil) }
            let size: Size
            do { size = try daemon.screenSize(width, height) } catch { return reply(error: error, id: nil) }
            session.viewport.resize(to: size)
            daemon.needFrame(for: session.scene)
        case .input(let event):
            guard let session else { return reply(error: Self.notAttached, id: nil) }
            guard let key = Connection.key(event) else { return reply(error: WireError("malformed_message", "unknown key '\(event.key)'"), id: nil) }
            if session.scene.renderer.handle(key, in: session.viewport) { daemon.needFrame(for: session.scene) }
        case .ack(let sequence):
            guard let session else { return reply(error: Self.notAttached, id: nil) }
            let wasBehind = session.isBehind(limit: daemon.configuration.maximumUnacknowledgedFrames)
            session.acknowledge(sequence, now: daemon.loop.now)
            if wasBehind { daemon.needFrame(for: session.scene) }
        default:
            break
        }
    }

    private static let notAttached = WireError("not_attached", "attach to a scene first")

    static func key(_ event: InputEvent) -> Key? {
        switch event.key {
        case "up": .up
        case "down": .down
        case "left": .left
        case "right": .right
        case "tab": .tab
        case "backtab": .backTab
        case "enter": .enter
        case "space": .space
        case "escape": .escape
        case "backspace": .backspace
        case "pageup": .pageUp
        case "pagedown": .pageDown
        case "home": .home
        case "end": .end
        case "char": event.text.flatMap(\.first).map(Key.character)
        case "wheel": .wheel(lines: event.lines ?? 0, row: event.row ?? 0, column: event.column ?? 0)
        default: nil
        }
    }

    // MARK: - Output

    private func reply(error: WireError, id: RequestID?) {
        send(.error(id: id, code: error.code, message: error.message, fatal: false))
    }

    func send(_ message: Message) {
        send(CollectionOfOne(message))
    }

    var wireEncoding: Encoding { encoding }

    /// Writes a frame now: messages, operations already encoded (shared between viewers of
    /// identical geometry), its flush — in one write with whatever this turn queued before it.
    func writeFrame(before: [Message], encoded: [UInt8], flush message: Message) {
        guard !isClosed else { return }
        let start = append(before, encoded: encoded, last: message)
        session?.sent(bytes: outgoing.count - start)
        flush()
    }

    // MARK: - The output budget (see `OutputBudget`)

    private var budget: OutputBudget { daemon.configuration.outputBudget }

    /// Bytes waiting for the client: libuv's queue and this turn's buffer.
    private var queuedBytes: Int { stream.writeQueueSize + outgoing.count }
    /// Watch changes held back while over the budget: per watch, each path and its latest revision.
    private var heldChanges: [RequestID: [JSONPointer: Int64]] = [:]
    /// Evaluations dropped while over the budget, said once the client reads again.
    private var droppedEvaluations: Int64 = 0
    /// Past the high mark until the client has read down to the low mark: streams held, requests
    /// neither read nor handled.
    private var isOverBudget = false

    /// A watch's change: sent, or held back (coalesced per path) while the client does not read.
    func sendChange(watch: RequestID, _ event: WatchEvent) {
        if !isOverBudget && queuedBytes > budget.highMark { goOverBudget() }
        guard isOverBudget else {
            return send(.changed(watch: watch, revision: event.revision, path: event.path.description, value: event.value))
        }
        heldChanges[watch, default: [:]][event.path] = event.revision
    }

    /// A traced evaluation: sent, or dropped and counted while the client does not read.
    func sendEvaluation(_ message: Message) {
        if !isOverBudget && queuedBytes > budget.highMark { goOverBudget() }
        guard isOverBudget else { return send(message) }
        droppedEvaluations += 1
    }

    private func goOverBudget() {
        isOverBudget = true
        stream.stopReading()
        Log.write(.notice, "a client is not reading (\(queuedBytes) bytes queued): holding its watches, dropping its traces, reading nothing from it")
        whenWritten { $0.checkDrained() }
    }

    /// Runs `next` once everything queued so far is written (an empty write completes after
    /// the writes before it); a write that failed (the client is gone) closes the connection
    /// instead, so a client that left is not served what it asked before it left.
    private func whenWritten(_ next: @escaping (Connection) -> Void) {
        stream.write([]) { [weak self] error in
            guard let self else { return }
            if error != nil { close() } else { next(self) }
        }
    }

    /// Called as queued writes complete while over the budget: below the low mark, reading and
    /// handling resume, held changes are sent (each path once, with its value now) and dropped
    /// evaluations counted.
    private func checkDrained() {
        guard isOverBudget, !isClosed else { return }
        guard queuedBytes <= budget.lowMark else { return whenWritten { $0.checkDrained() } }
        isOverBudget = false
        do {
            try stream.resumeReading()
        } catch {
            return close()
        }
        let held = heldChanges
        heldChanges = [:]
        var messages: [Message] = []
        for (watch, paths) in held.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for (path, revision) in paths.sorted(by: { $0.key < $1.key }) {
                messages.append(.changed(watch: watch, revision: revision, path: path.description, value: daemon.store.value(at: path)))
            }
        }
        if droppedEvaluations > 0 { messages.append(.dropped(stream: "trace", count: droppedEvaluations)) }
        droppedEvaluations = 0
        Log.write(.notice, "a client read again: \(messages.count) held messages sent")
        send(messages)
        handleBacklog()
    }

    /// Queues messages for the end of the turn; with `thenClose`, writes everything now and
    /// closes the connection once it is written (closing at once would cancel the write: a
    /// `bye` or a fatal error would never arrive).
    func send(_ messages: some Sequence<Message>, thenClose: Bool = false) {
        guard !isClosed else { return }
        let start = append(messages)
        // The first bytes queued this turn ask the daemon to flush this connection at its end.
        guard thenClose else {
            if start == 0 && !outgoing.isEmpty { daemon.flushAtEndOfTurn(self) }
            return
        }
        let bytes = outgoing
        outgoing = []
        release()
        stream.stopReading()
        daemon.lastWordsBegan()
        // Closed once the last words are written, or after `closingGrace` if the client does
        // not read them (a client closed for not reading would otherwise hold its queue forever).
        let grace = try? LoopTimer(loop: daemon.loop)
        let finish = { [stream, daemon] in
            guard !stream.isClosed else { return }
            grace?.close()
            stream.close()
            daemon.lastWordsEnded()
        }
        grace?.start(after: Self.closingGrace, finish)
        stream.write(bytes) { _ in finish() }
    }

    /// Paths one connection may watch: each costs the store a subscription for as long as the
    /// connection lives; past it, `watch` is refused (`limit_exceeded`) and nothing is added.
    static let maximumWatches = 1_000

    /// Bytes of one message the daemon sends: what a client may read as one (`WireLimits`).
    static let maximumMessageBytes = WireLimits.default.maximumMessageBytes

    /// The `limit_exceeded` error that replaces a message too large to send, for its request
    /// (or its watch): a value is reached by its parts, a narrower path each.
    private static func tooLarge(_ message: Message, bytes: Int?) -> Message {
        let size = bytes.map { "\($0) bytes" } ?? "more than \(maximumMessageBytes) bytes"
        var hint = "ask for less", id = message.id
        if case .value = message { hint = "get a narrower path (one of its members)" }
        if case .changed(let watch, _, let path, _) = message { (hint, id) = ("the change at \(path) is not sent; watch narrower paths", watch) }
        return .error(id: id, code: "limit_exceeded", message: "a reply of \(size) is over the \(maximumMessageBytes) bytes one message may hold: \(hint)", fatal: false)
    }

    /// The document value a message carries.
    private static func value(in message: Message) -> JSONValue? {
        switch message {
        case .value(_, _, let value), .changed(_, _, _, let value): value
        default: nil
        }
    }

    /// Milliseconds a closing connection's last words may take to be written.
    static let closingGrace: UInt64 = 5_000

    /// Appends messages in the connection's encoding (then operations already encoded, then a
    /// last message), counted as sent to the viewer; returns where they start.
    @discardableResult
    private func append(_ messages: some Sequence<Message>, encoded: [UInt8] = [], last: Message? = nil) -> Int {
        let start = outgoing.count
        for message in messages {
            // Past what a client may read as one message, the client gets why instead: a value
            // is weighed first (a count that stops at the limit, not the writing of all of it)
            // when the document it comes from is that large at all, and what is written is measured.
            if daemon.store.documentBytes > Self.maximumMessageBytes, let value = Self.value(in: message),
               value.weight(upTo: Self.maximumMessageBytes) > Self.maximumMessageBytes {
                MessageEncoder.encode(Self.tooLarge(message, bytes: nil), as: encoding, into: &outgoing)
                continue
            }
            let before = outgoing.count
            MessageEncoder.encode(message, as: encoding, into: &outgoing)
            guard outgoing.count - before > Self.maximumMessageBytes else { continue }
            let bytes = outgoing.count - before
            outgoing.removeSubrange(before...)
            MessageEncoder.encode(Self.tooLarge(message, bytes: bytes), as: encoding, into: &outgoing)
        }
        outgoing += encoded
        if let last { MessageEncoder.encode(last, as: encoding, into: &outgoing) }
        session?.bytesSent += outgoing.count - start
        return start
    }

    /// Writes what the turn queued, in one write. A small buffer is kept for the next turn (a
    /// frame of a few rows would otherwise grow a new one by doubling, every frame); a large
    /// one, a keyframe's, is let go.
    func flush() {
        guard !isClosed, !outgoing.isEmpty else { return }
        stream.write(outgoing)
        if outgoing.capacity > Self.keptOutputCapacity {
            outgoing = []
        } else {
            outgoing.removeAll(keepingCapacity: true)
        }
    }

    static let keptOutputCapacity = 4_096

    func close() {
        guard !isClosed else { return }
        release()
        stream.close()
    }

    /// Leaves the daemon: watches, its viewer, its place among the connections.
    private func release() {
        isClosed = true
        for watch in watches { daemon.store.cancel(watch) }
        watches.removeAll()
        for wait in pendingWaits.values { daemon.store.cancel(wait) }
        pendingWaits.removeAll()
        daemon.connectionClosed(self)
    }
}
