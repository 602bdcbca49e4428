import LoomLayout
import LoomLoop
import LoomStore
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
    private(set) var isClosed = false
    /// What this turn has for the client, written once at the end of the turn: a script
    /// pipelining a thousand requests gets its thousand replies in one write, not a thousand.
    private var outgoing: [UInt8] = []

    init(daemon: Daemon, stream: SocketStream, granted: Role) {
        self.daemon = daemon
        self.stream = stream
        self.granted = granted
    }

    // MARK: - Input

    /// Handles what arrived. The end of the turn is asked for by what gives it work: output
    /// queued (`send`), a control request (the store's commit, watches and frames), a
    /// scene that needs a frame (`Daemon.needFrame(for:)`). A read of acknowledgements alone,
    /// the most common one, asks for nothing.
    func received(_ bytes: [UInt8]) {
        do {
            for result in try decoder.feed(bytes) {
                guard !isClosed else { return }
                switch result {
                case .success(let message): handle(message)
                case .failure(let error): failed(error)
                }
            }
        } catch {
            fail(code: error.code, error.message)
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
            guard role == .control else { return reply(error: WireError("forbidden", "a \(role.rawValue) connection may not \(JSONCodec.json(message)["type"]?.stringValue ?? "do that")"), id: message.id) }
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
        do throws(StoreError) {
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
                let pointers = try paths.map { path throws(StoreError) in try JSONPointer(path) }
                for pointer in pointers {
                    watches.append(store.watch(pointer) { [weak self] events in
                        for event in events {
                            self?.send(.changed(watch: id, revision: event.revision, path: event.path.description, value: event.value))
                        }
                    })
                }
                send(.ok(id: id, revision: store.revision))
            case .wait(let id, let revision):
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
                guard let size = daemon.screenSize(width, height) else { return reply(error: Self.screenTooLarge(width, height), id: id) }
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
        daemon.store.wait(for: revision) { [weak self] in self?.send(.ok(id: id, revision: revision)) }
    }

    // MARK: - Viewer requests

    private func viewer(_ message: Message) {
        switch message {
        case .attach(let id, let scene, let width, let height, let highlight):
            guard session == nil else { return reply(error: WireError("malformed_message", "already attached; detach first"), id: id) }
            guard let size = daemon.screenSize(width, height) else { return reply(error: Self.screenTooLarge(width, height), id: id) }
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
            guard let size = daemon.screenSize(width, height) else { return reply(error: Self.screenTooLarge(width, height), id: nil) }
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

    private static func screenTooLarge(_ width: Int, _ height: Int) -> WireError {
        WireError("limit_exceeded", "a screen of \(width)x\(height): each side must be 1…\(WireLimits.default.maximumScreen)")
    }

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
        append(before, encoded: encoded, last: message)
        flush()
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
        daemon.closing += 1
        stream.write(bytes) { [stream, daemon] _ in
            stream.close()
            daemon.closing -= 1
            daemon.stopIfDone()
        }
    }

    /// Appends messages in the connection's encoding (then operations already encoded, then a
    /// last message), counted as sent to the viewer; returns where they start.
    @discardableResult
    private func append(_ messages: some Sequence<Message>, encoded: [UInt8] = [], last: Message? = nil) -> Int {
        let start = outgoing.count
        for message in messages { MessageEncoder.encode(message, as: encoding, into: &outgoing) }
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
        daemon.connectionClosed(self)
    }
}
