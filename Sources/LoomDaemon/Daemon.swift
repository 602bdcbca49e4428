import Glibc
import LoomGraph
import LoomJSON
import LoomLayout
import LoomLoop
import LoomStore
import LoomWire

/// `loomd`'s heart: one libuv loop owning the store, the scenes and every connection.
///
/// Each loop turn reads what clients sent and handles it; at the end of the turn (a zero
/// timer, so all of a turn's work is coalesced) the store commits every transaction of the turn
/// at once (then mutations are acknowledged), watches are told, and scenes with work render a
/// frame for each viewer that is not behind — at most `framesPerSecond` per scene. It never
/// blocks on a client: writes are queued by libuv, and a viewer that does not acknowledge is not
/// sent more than `maximumUnacknowledgedFrames` frames.
public final class Daemon {
    public let configuration: DaemonConfiguration
    public let loop: EventLoop
    public let store: Store
    private var server: PipeServer?
    private var scenes: [String: Scene] = [:]
    private var connections: [ObjectIdentifier: Connection] = [:]
    private let turnTimer: LoopTimer
    private let frameTimer: LoopTimer
    private var turnScheduled = false
    /// Connections with output queued this turn, flushed at its end.
    private var pendingOutput: [Connection] = []
    /// Connections whose last words (a `bye`, a fatal error) are being written before they close.
    var closing = 0
    private var frameScheduled = false
    private var signals: [SignalWatcher] = []
    public private(set) var isShuttingDown = false
    /// Connections accepted and closed so far, for stats.
    public private(set) var acceptedConnections = 0

    public init(configuration: DaemonConfiguration) throws {
        self.configuration = configuration
        self.loop = try EventLoop()
        self.store = try configuration.stateDirectory.map { try Store(stateDirectory: $0) } ?? Store()
        self.turnTimer = try LoopTimer(loop: loop)
        self.frameTimer = try LoopTimer(loop: loop)
        self.commitRetry = try LoopTimer(loop: loop)
        self.handshakeTimer = try LoopTimer(loop: loop)
    }

    // MARK: - Scenes

    /// Serves `root` as the scene `name`; its views read the store through the environment.
    public func register<Root: View>(scene name: String, _ root: Root) {
        scenes[name] = Scene(name: name, root: root, store: store)
    }

    /// Serves each of `scenes` (a list like LoomScenes' `BuiltInScenes.all()`).
    public func register(scenes: [(name: String, root: any View)]) {
        for scene in scenes { register(scene: scene.name, scene.root) }
    }

    var sceneNames: [String] { scenes.keys.sorted() }

    func attach(_ connection: Connection, to name: String, size: Size) -> ViewerSession? {
        guard let scene = scenes[name] else { return nil }
        let session = ViewerSession(connection: connection, scene: scene, viewport: scene.renderer.addViewport(size: size))
        scene.sessions.append(session)
        needFrame(for: scene)
        return session
    }

    /// Something changed that the scene's viewers have not been sent (a viewer attached,
    /// resized, moved the focus, caught up): a frame at the end of the turn.
    func needFrame(for scene: Scene) {
        scene.needsFrame = true
        endTurnSoon()
    }

    func detach(_ connection: Connection) {
        guard let session = connection.session else { return }
        session.scene.sessions.removeAll { $0 === session }
        defer { tracingChanged() }
        session.scene.renderer.removeViewport(session.viewport)
        connection.session = nil
    }

    /// A requested screen, refused unless each side is 1…`maximumScreen` (what the wire can
    /// carry) and its area at most `maximumScreenCells` (what one client may make the loop draw).
    func screenSize(_ width: Int, _ height: Int) throws(WireError) -> Size {
        let side = WireLimits.default.maximumScreen, cells = configuration.maximumScreenCells
        guard (1...side).contains(width), (1...side).contains(height), width * height <= cells else {
            throw WireError("limit_exceeded", "a screen of \(width)x\(height): each side must be 1…\(side) and the area at most \(cells) cells")
        }
        return Size(width: width, height: height)
    }

    /// The scene drawn for a viewport of `size` made for the purpose. Drawing it evaluates what
    /// changes left pending, which the scene's viewers have not been sent yet: they are owed a
    /// frame still, whatever the graph says once the snapshot has settled it.
    func snapshot(scene name: String, size: Size, markup: Bool) -> String? {
        guard let scene = scenes[name] else { return nil }
        if scene.graph.needsFrame { needFrame(for: scene) }
        let viewport = scene.renderer.addViewport(size: size)
        defer { scene.renderer.removeViewport(viewport) }
        _ = scene.renderer.render(only: [viewport])
        return markup ? Snapshot.markup(viewport.grid, styles: scene.renderer.styles) : Snapshot.text(viewport.grid)
    }

    // MARK: - Listening

    /// Listens on the configured socket path, replacing only a stale socket (`SocketFile`).
    public func listen() throws {
        let path = configuration.socketPath
        try SocketFile.prepare(path)
        let server = try PipeServer(loop: loop)
        try server.bind(path, mode: 0o600)
        try serve(server)
    }

    /// Serves a listening socket systemd passed (`LISTEN_FDS`).
    public func adopt(descriptor: Int32) throws {
        let server = try PipeServer(loop: loop)
        try server.adopt(descriptor: descriptor)
        try serve(server)
    }

    private func serve(_ server: PipeServer) throws {
        try server.listen { [unowned self] stream in self.accept(stream) }
        self.server = server
    }

    private func accept(_ stream: SocketStream) {
        guard !isShuttingDown else { return stream.close() }
        acceptedConnections += 1
        let credentials = stream.peerCredentials
        let connection = Connection(daemon: self, stream: stream, granted: configuration.roles.role(for: credentials))
        connections[ObjectIdentifier(connection)] = connection
        do {
            connection.quotaUser = try connectionCounts.admit(credentials?.uid, quota: configuration.connectionQuota)
        } catch {
            if let uid = credentials?.uid, connectionCounts.shouldLog(uid, now: loop.now) {
                Log.write(.warning, "refusing connections: \(error.message) (pid \(credentials?.pid ?? 0))")
            }
            return connection.fail(code: error.code, error.message)
        }
        awaitHello(from: connection)
        do {
            try stream.startReading(onData: { [weak connection] bytes in connection?.received(bytes) },
                                    onEnd: { [weak connection] _ in connection?.close() })
        } catch {
            connection.close()
        }
    }

    private var connectionCounts = ConnectionCounts()

    /// Connections that had not said hello when last looked at, oldest first, with when they
    /// connected. Checked every `handshakeCheckMilliseconds` while there are any (`helloTimeout`).
    private var awaitingHello: [(connection: Connection, since: UInt64)] = []
    private let handshakeTimer: LoopTimer
    /// How often connections awaiting their hello are looked at: one timer for all of them, so
    /// a silent connection lives up to this much past `helloTimeout`.
    static let handshakeCheckMilliseconds: UInt64 = 1_000

    private func awaitHello(from connection: Connection) {
        awaitingHello.append((connection, loop.now))
        guard awaitingHello.count == 1 else { return }
        handshakeTimer.start(after: Self.handshakeCheckMilliseconds, every: Self.handshakeCheckMilliseconds) { [unowned self] in
            let now = loop.now
            awaitingHello.removeAll { $0.connection.role != nil || $0.connection.isClosed }
            let expired = awaitingHello.prefix { now - $0.since >= configuration.helloTimeout }
            awaitingHello.removeFirst(expired.count)
            for (connection, _) in expired {
                connection.fail(code: "hello_expected", "no hello within \(configuration.helloTimeout) ms of connecting")
            }
            if awaitingHello.isEmpty { handshakeTimer.stop() }
        }
    }

    func connectionClosed(_ connection: Connection) {
        if let user = connection.quotaUser { connectionCounts.release(user) }
        detach(connection)
        connections[ObjectIdentifier(connection)] = nil
        if !connection.traced.isEmpty { tracingChanged() }
        stopIfDone()
    }

    /// Whether something accepts connections at `path` (a live daemon), checked with a blocking connect.
    static func isListening(_ path: String) -> Bool {
        guard let address = UnixSocketAddress(path) else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        return address.connect(descriptor) == 0
    }

    // MARK: - Running

    /// Runs until `shutdown()` (SIGTERM and SIGINT call it); SIGPIPE never kills the daemon.
    /// `onReady` runs once the loop is about to serve (systemd's READY=1); `onStop` when shutting
    /// down. Under a systemd watchdog, WATCHDOG=1 is sent from a loop timer at half the interval,
    /// so a stuck loop is noticed.
    public func run(onReady: () -> Void = {}, onStop: @escaping () -> Void = {}) throws {
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with signals blocked (a thread pool's mask is inherited
        // across fork and exec): SIGTERM and SIGINT must reach the loop whatever we inherited.
        var handled = sigset_t()
        sigemptyset(&handled)
        sigaddset(&handled, SIGTERM)
        sigaddset(&handled, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        self.onStop = onStop
        for number in [SIGTERM, SIGINT] {
            let watcher = try SignalWatcher(loop: loop)
            try watcher.start(number) { [unowned self] _ in self.shutdown() }
            signals.append(watcher)
        }
        // Loop lag: how late a 100 ms timer fires (the loop was busy that long).
        let lagTimer = try LoopTimer(loop: loop)
        var expected = loop.now + 100
        lagTimer.start(after: 100, every: 100) { [unowned self] in
            self.loopLagMilliseconds = self.loop.now > expected ? self.loop.now - expected : 0
            self.maximumLoopLagMilliseconds = max(self.maximumLoopLagMilliseconds, self.loopLagMilliseconds)
            expected = self.loop.now + 100
        }
        self.lagTimer = lagTimer
        if let interval = Systemd.watchdogMilliseconds() {
            let watchdog = try LoopTimer(loop: loop)
            watchdog.start(after: 0, every: max(1, interval / 2)) { Systemd.notify("WATCHDOG=1") }
            self.watchdog = watchdog
        }
        onReady()
        loop.run()
        loop.close()
    }

    private var onStop: () -> Void = {}
    private var lagTimer: LoopTimer?
    private var loopLagMilliseconds: UInt64 = 0
    private var maximumLoopLagMilliseconds: UInt64 = 0
    private var watchdog: LoopTimer?

    /// A handle another thread can use to shut the daemon down (a host embedding it, tests).
    public func shutdownTrigger() throws -> WakeUp {
        try WakeUp(loop: loop) { [unowned self] in self.shutdown() }
    }

    /// Says `bye` to every client, commits the store, and stops the loop.
    public func shutdown() {
        guard !isShuttingDown else { return }
        isShuttingDown = true
        onStop()
        watchdog?.close()
        lagTimer?.close()
        commitRetry.close()
        handshakeTimer.close()
        do {
            try store.commit()
            // A snapshot now, so the next start reads it instead of replaying the journal.
            try store.compact()
        } catch {
            Log.write(.error, "the store could not be written at shutdown: \(error)")
        }
        server?.close()
        turnTimer.close()
        frameTimer.close()
        for watcher in signals { watcher.close() }
        for connection in Array(connections.values) {
            connection.send([.bye(reason: "the daemon is shutting down")], thenClose: true)
        }
        // A client that does not read may keep its bye waiting: a second is all it gets.
        if let grace = try? LoopTimer(loop: loop) {
            grace.start(after: 1_000) { [unowned self] in self.loop.stop() }
        }
        stopIfDone()
    }

    /// Shutting down: the loop stops once every client was told (handles others hold, like a
    /// host's shutdown trigger, are closed by the loop's close).
    func stopIfDone() {
        if isShuttingDown && connections.isEmpty && closing == 0 { loop.stop() }
    }

    // MARK: - The end of a turn

    /// Schedules the end-of-turn work once per turn. While it runs, asking again schedules
    /// nothing: what it queues (replies, a watch's changes, frames) leaves with its own flush,
    /// and work left after a frame waits for the next frame (`renderFrames`).
    func endTurnSoon() {
        guard !turnScheduled, !isShuttingDown else { return }
        turnScheduled = true
        turnTimer.start(after: 0) { [unowned self] in
            self.endTurn()
            self.turnScheduled = false
        }
    }

    private func endTurn() {
        commitStore()
        store.flushWatches()
        renderFrames()
        flushOutput()
    }

    /// Commits the turn's transactions. A commit that fails (a full disk) leaves them pending,
    /// their writers waiting for their `ok` and new writes refused (`Store.stalled`); it is
    /// retried every `commitRetryMilliseconds` until it succeeds. No client is told anything
    /// it did not ask: reads and pings go on.
    private func commitStore() {
        let wasStalled = store.stalled != nil
        do {
            try store.commit()
            if wasStalled { Log.write(.info, "the store is written again; writes resume") }
        } catch {
            if !wasStalled { Log.write(.error, "the store cannot be written, writes are refused until it can: \(error.message)") }
            guard !isShuttingDown, !commitRetryScheduled else { return }
            commitRetryScheduled = true
            commitRetry.start(after: Self.commitRetryMilliseconds) { [unowned self] in
                commitRetryScheduled = false
                commitStore()
                flushOutput()
            }
        }
    }

    /// How often a stalled store tries to commit again.
    static let commitRetryMilliseconds: UInt64 = 500
    private let commitRetry: LoopTimer
    private var commitRetryScheduled = false

    /// Called by a connection when it queues its first output of the turn.
    func flushAtEndOfTurn(_ connection: Connection) {
        pendingOutput.append(connection)
        endTurnSoon()
    }

    /// One write per connection for everything the turn produced: replies, streams (a viewer's
    /// frame is written, with what was queued before it, as soon as it is drawn).
    private func flushOutput() {
        let flushing = pendingOutput
        pendingOutput = []
        for connection in flushing { connection.flush() }
    }

    /// Renders a frame for each scene with work, paced to `framesPerSecond`.
    private func renderFrames() {
        let interval = UInt64(1_000 / max(1, configuration.framesPerSecond))
        let now = loop.now
        for scene in scenes.values where scene.hasWork {
            let due = scene.lastFrame + interval
            if now < due && scene.frames > 0 {
                scheduleFrame(after: due - now)
                continue
            }
            let limit = configuration.maximumUnacknowledgedFrames
            let ready = scene.sessions.filter { !$0.isBehind(limit: limit) }
            for behind in scene.sessions where behind.isBehind(limit: limit) { behind.coalesced += 1 }
            let keyframes = Set(ready.filter { $0.viewport.needsKeyframe }.map { ObjectIdentifier($0.viewport) })
            let sessions = Dictionary(uniqueKeysWithValues: ready.map { (ObjectIdentifier($0.viewport), $0) })
            defer { scene.evaluated.removeAll(keepingCapacity: true) }
            scene.needsFrame = false
            scene.lastFrame = now
            scene.frames += 1
            // Work the frame left (a view that changes state as it is evaluated): the next frame.
            defer { if scene.hasWork { scheduleFrame(after: interval) } }
            // Each geometry's viewers are written to as soon as it is drawn, while the next one
            // is drawn (with what was queued for them before; anything after leaves at the
            // turn's flush). Viewers sent the same grid share one operation list, encoded once
            // per encoding.
            scene.renderer.render(only: ready.map(\.viewport)) { frame in
                var encoded: [(encoding: Encoding, bytes: [UInt8])] = []
                for viewport in frame.viewports where !frame.operations.isEmpty || keyframes.contains(ObjectIdentifier(viewport)) {
                    let session = sessions[ObjectIdentifier(viewport)]!
                    let highlight = session.highlights ? scene.evaluatedRectangles(in: viewport) : []
                    let parts = session.frame(frame.operations, styles: scene.renderer.styles,
                                              keyframe: keyframes.contains(ObjectIdentifier(viewport)), highlight: highlight, now: now)
                    let encoding = session.connection.wireEncoding
                    var bytes: [UInt8] = []
                    if let known = encoded.first(where: { $0.encoding == encoding }) {
                        bytes = known.bytes
                    } else {
                        for operation in frame.operations { MessageEncoder.encode(.grid(operation), as: encoding, into: &bytes) }
                        encoded.append((encoding, bytes))
                    }
                    session.connection.writeFrame(before: parts.before, encoded: bytes, flush: parts.flush)
                }
            }
        }
    }

    private func scheduleFrame(after milliseconds: UInt64) {
        guard !frameScheduled else { return }
        frameScheduled = true
        frameTimer.start(after: milliseconds) { [unowned self] in
            self.frameScheduled = false
            self.endTurnSoon()
        }
    }

    // MARK: - Tracing and stats

    /// Observes evaluations only while someone traces the scene or a viewer asks for highlights.
    /// Each scene's tracers are found here, when tracing changes (a trace request or a tracer's
    /// disconnection, which replaces the observer and so releases the closed connection), not
    /// at every evaluation.
    func tracingChanged() {
        for scene in scenes.values {
            let tracers = connections.values.filter { $0.traced.contains(scene.name) || $0.traced.contains(nil) }
            let highlighting = scene.sessions.contains { $0.highlights }
            scene.graph.evaluationObserver = tracers.isEmpty && !highlighting ? nil : { [unowned scene] evaluation, node in
                if highlighting { scene.evaluated.insert(ObjectIdentifier(node)) }
                if !tracers.isEmpty { Daemon.trace(evaluation, in: scene, to: tracers) }
            }
        }
    }

    private static func trace(_ evaluation: Evaluation, in scene: Scene, to tracers: [Connection]) {
        let message = Message.evaluation(scene: scene.name, view: evaluation.typeName, node: Int64(evaluation.nodeSerial),
                                         causes: evaluation.causes.map(\.description))
        for tracer in tracers { tracer.sendEvaluation(message) }
    }

    func statistics() -> JSONValue {
        var sceneStats = JSONObject()
        for scene in scenes.values {
            sceneStats[scene.name] = [
                "nodes": .int(Int64(scene.graph.liveNodes)),
                "bodies": .int(Int64(scene.graph.totalBodies)),
                "frames": .int(Int64(scene.frames)),
                "viewers": .array(scene.sessions.map { session in
                    ["frames": .int(Int64(session.framesSent)), "bytes": .int(Int64(session.bytesSent)),
                     "coalesced_frames": .int(Int64(session.coalesced)), "ack_latency_ms": .int(Int64(session.ackLatencyMilliseconds)),
                     "unacknowledged": .int(session.sequence - session.acknowledged)]
                }),
            ]
        }
        return ["scenes": .object(sceneStats), "connections": .int(Int64(connections.count)),
                "loop": ["lag_ms": .int(Int64(loopLagMilliseconds)), "max_lag_ms": .int(Int64(maximumLoopLagMilliseconds))],
                "accepted_connections": .int(Int64(acceptedConnections)), "revision": .int(store.revision),
                "durable_revision": .int(store.durableRevision), "waiting_acknowledgements": .int(Int64(store.waitingActions))]
    }
}

/// A daemon that cannot start, said plainly.
public struct DaemonError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
