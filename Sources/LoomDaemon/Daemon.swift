import Glibc
import LoomCells
import LoomCollections
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
    public private(set) var configuration: DaemonConfiguration
    /// Asked on SIGHUP (`systemctl reload`) for the configuration as it now reads (a program
    /// re-reads its configuration file); nil keeps it. The scenes directory is read again after.
    public var readConfiguration: (() -> DaemonConfiguration?)?
    public let loop: EventLoop
    public let store: Store
    private var server: PipeServer?
    private(set) var scenes: [String: Scene] = [:]
    private(set) var connections: [ObjectIdentifier: Connection] = [:]
    private var connectionCounts = ConnectionCounts()
    /// The last viewer id given (`ViewerSession.id`).
    private var viewerSerial: Int64 = 0
    private let handshakes: HandshakeDeadline
    private let turnTimer: LoopTimer
    private var turnScheduled = false
    private let frameTimer: LoopTimer
    private var frameScheduled = false
    private let commitRetry: LoopTimer
    private var commitRetryScheduled = false
    /// Sent from any thread when a model a scene read changed off the loop's thread.
    private var modelChanged: WakeUp?
    /// Connections with output queued this turn, flushed at its end.
    private var pendingOutput: [Connection] = []
    /// The storage of the list flushed last, kept for the next turn's (`takeAll(keepingStorageIn:)`).
    private var flushedOutput: [Connection] = []
    /// What waits for the end of the turn (`afterThisTurn`), and what runs it: an async handle,
    /// whose callback comes after the loop's next wait (a timer started in a timer's callback
    /// would run in the same pass, before the loop reads anyone else).
    private var continuations: [() -> Void] = []
    private var continuationWakeUp: WakeUp?
    /// Connections whose last words (a `bye`, a fatal error) are being written before they close.
    private var closing = 0
    private var signals: [SignalWatcher] = []
    private(set) var health: LoopHealth?
    private var onStop: () -> Void = {}
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
        self.handshakes = try HandshakeDeadline(loop: loop, timeout: configuration.helloTimeout)
        self.modelChanged = try WakeUp(loop: loop) { [unowned self] in endTurnSoon() }
        self.continuationWakeUp = try WakeUp(loop: loop) { [unowned self] in runContinuations() }
        // Given once: every turn starts the first, and frames paced apart the second.
        turnTimer.action = { [unowned self] in
            endTurn()
            turnScheduled = false
        }
        frameTimer.action = { [unowned self] in
            frameScheduled = false
            endTurnSoon()
        }
    }

    // MARK: - Scenes

    /// Serves `root` as the scene `name`; its views read the store through the environment.
    ///
    /// Whatever its views read, a change is drawn: the graph says when work arrives — a store
    /// write or a model changed on the loop's thread (a client's request, a timer, Swift code in
    /// the daemon), or a model changed on another thread, which wakes the loop — and the turn
    /// then ends with a frame, as after a client's request.
    public func register<Root: View>(scene name: String, _ root: Root) {
        register(Scene(name: name, root: root, store: store))
    }

    /// Serves `scene` under its name (a declared scene's first apply, or a built-in one).
    func register(_ scene: Scene) {
        scene.onNewGraph = { [unowned self] graph in
            graph.graph.onNeedsPass = { [unowned self] in endTurnSoon() }
            graph.graph.setWakeUp { [modelChanged] in modelChanged?.send() }
            observeEvaluations(of: graph, in: scene)
        }
        // Built now, so the first viewer finds it ready.
        _ = scene.initialGraph()
        scenes[scene.name] = scene
    }

    /// Serves each of `scenes` (a list like LoomScenes' `BuiltInScenes.all()`).
    public func register(scenes: [(name: String, root: any View)]) {
        for scene in scenes { register(scene: scene.name, scene.root) }
    }

    var sceneNames: [String] { scenes.keys.sorted() }

    /// Stops serving a scene (its viewers were told).
    func unregister(_ name: String) {
        scenes[name] = nil
    }

    /// A new viewer starts at the scene's initial view state, on the graph other such viewers share.
    func attach(_ connection: Connection, to name: String, size: Size) -> ViewerSession? {
        guard let scene = scenes[name] else { return nil }
        viewerSerial += 1
        let graph = scene.initialGraph()
        let session = ViewerSession(connection: connection, id: viewerSerial, scene: scene, graph: graph, size: size)
        graph.add(session)
        endTurnSoon()
        return session
    }

    /// Something changed that the viewers of a graph have not been sent (a viewer attached,
    /// resized, moved the focus, caught up): a frame at the end of the turn.
    func needFrame(for graph: SceneGraph) {
        graph.needsFrame = true
        endTurnSoon()
    }

    func detach(_ connection: Connection) {
        guard let session = connection.session else { return }
        defer { tracingChanged() }
        session.scene.remove(session)
        connection.session = nil
    }

    /// A requested screen, refused unless each side is 1…`maximumScreen` (what the wire can
    /// carry) and its area at most `maximumScreenCells` (what one client may make the loop draw).
    func screenSize(_ width: Int, _ height: Int) throws(WireError) -> Size {
        let side = WireLimits.default.maximumScreen, cells = configuration.maximumScreenCells
        guard (1...side).contains(width), (1...side).contains(height), width * height <= cells else {
            throw WireError(.limitExceeded, "a screen of \(width)x\(height): each side must be 1…\(side) and the area at most \(cells) cells")
        }
        return Size(width: width, height: height)
    }

    /// The scene as a new viewer of `size` would see it: at the initial view state, never
    /// somebody's navigation. Drawing it evaluates what changes left pending, which the graph's
    /// viewers have not been sent yet: they are owed a frame still, whatever the graph says once
    /// the snapshot has settled it. A graph made for it alone is dropped after.
    func snapshot(scene name: String, size: Size, markup: Bool) -> String? {
        guard let scene = scenes[name] else { return nil }
        let graph = scene.initialGraph()
        defer { scene.prune() }
        if graph.graph.needsPass { needFrame(for: graph) }
        let viewport = graph.renderer.addViewport(size: size)
        defer { graph.renderer.removeViewport(viewport) }
        _ = graph.renderer.render(only: [viewport])
        return markup ? Snapshot.markup(viewport.grid, styles: scene.styles) : Snapshot.text(viewport.grid)
    }

    // MARK: - Listening

    /// Listens on the configured socket path, replacing only a stale socket (`SocketFile`).
    public func listen() throws {
        let path = configuration.socketPath
        try SocketFile.prepare(path)
        let server = try PipeServer(loop: loop)
        try server.bind(path, mode: mode_t(configuration.socketMode))
        if let group = configuration.socketGroup, chown(path, uid_t.max, group) != 0 {
            throw DaemonError("cannot give \(path) to group \(group): \(String(cString: strerror(errno)))")
        }
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
        let connection = Connection(daemon: self, stream: stream, credentials: credentials, granted: configuration.roles.role(for: credentials))
        connections[ObjectIdentifier(connection)] = connection
        do {
            connection.quotaUser = try connectionCounts.admit(credentials?.uid, quota: configuration.connectionQuota)
        } catch {
            if let uid = credentials?.uid, connectionCounts.shouldLog(uid, now: loop.now) {
                Log.write(.warning, "refusing connections: \(error.message) (pid \(credentials?.pid ?? 0))")
            }
            return connection.fail(code: error.code, error.message)
        }
        handshakes.start(connection)
        do {
            try stream.startReading(onData: { [weak connection] bytes in connection?.received(bytes) },
                                    onEnd: { [weak connection] _ in connection?.close() })
        } catch {
            connection.close()
        }
    }

    func connectionClosed(_ connection: Connection) {
        if let user = connection.quotaUser { connectionCounts.release(user) }
        detach(connection)
        connections[ObjectIdentifier(connection)] = nil
        if !connection.traced.isEmpty { tracingChanged() }
        stopIfDone()
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
        sigaddset(&handled, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        self.onStop = onStop
        for number in [SIGTERM, SIGINT] {
            let watcher = try SignalWatcher(loop: loop)
            try watcher.start(number) { [unowned self] _ in self.shutdown() }
            signals.append(watcher)
        }
        // `systemctl reload`: the scenes directory read again; every connection kept.
        let reload = try SignalWatcher(loop: loop)
        try reload.start(SIGHUP) { [unowned self] _ in
            if let read = self.readConfiguration?() { self.reconfigure(read) }
            self.reloadSceneFiles()
            self.endTurnSoon()
        }
        signals.append(reload)
        health = try LoopHealth(loop: loop, watchdogMilliseconds: Systemd.watchdogMilliseconds())
        onReady()
        loop.run()
        loop.close()
    }

    /// Takes what of `new` can change while connections stay: who gets which role and how many
    /// connections a user may hold (for connections made from now on; those open keep the role
    /// they were given), the frame rate, the scenes directory. What cannot (the socket, its mode
    /// and group, the state directory) is kept, and the log says a restart is needed for it.
    public func reconfigure(_ new: DaemonConfiguration) {
        var kept: [String] = []
        if new.socketPath != configuration.socketPath { kept.append("socket") }
        if new.stateDirectory != configuration.stateDirectory { kept.append("state directory") }
        if new.socketMode != configuration.socketMode || new.socketGroup != configuration.socketGroup { kept.append("socket mode and group") }
        configuration.roles = new.roles
        configuration.connectionQuota = new.connectionQuota
        configuration.framesPerSecond = new.framesPerSecond
        configuration.scenesDirectory = new.scenesDirectory
        Log.write(.info, "configuration reloaded" + (kept.isEmpty ? "" : "; the " + kept.joined(separator: ", ") + " change at the next restart"))
    }

    /// A handle another thread can use to shut the daemon down (a host embedding it, tests).
    public func shutdownTrigger() throws -> WakeUp {
        try WakeUp(loop: loop) { [unowned self] in self.shutdown() }
    }

    /// Says `bye` to every client, commits the store, and stops the loop.
    public func shutdown() {
        guard !isShuttingDown else { return }
        isShuttingDown = true
        onStop()
        health?.close()
        commitRetry.close()
        // No thread may wake the loop once the handle is closed (`ViewGraph.setWakeUp` waits
        // for a wake-up in progress).
        for scene in scenes.values {
            for graph in scene.graphs { graph.graph.setWakeUp(nil) }
        }
        modelChanged?.close()
        continuationWakeUp?.close()
        continuationWakeUp = nil
        handshakes.close()
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

    /// A connection's last words (a `bye`, a fatal error) are being written; the loop does not
    /// stop at shutdown until they are, or their grace ran out (`lastWordsEnded`).
    func lastWordsBegan() {
        closing += 1
    }

    func lastWordsEnded() {
        closing -= 1
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
        turnTimer.start(after: 0)
    }

    /// Runs `work` once this turn has ended (its replies written) and the loop has looked for
    /// what else arrived (read it, handled it): the rest of a connection's backlog past
    /// `DaemonConfiguration.maximumRequestsPerTurn`.
    func afterThisTurn(_ work: @escaping () -> Void) {
        continuations.append(work)
        continuationWakeUp?.send()
    }

    private func runContinuations() {
        var continuing: [() -> Void] = []
        swap(&continuing, &continuations)
        for work in continuing { work() }
    }

    private func endTurn() {
        commitStore()
        store.flushWatches()
        // A script's replies and a watch's changes leave before the frames are drawn: a
        // pipelining client sends its next requests while the daemon draws, and its `ok` does
        // not wait for a frame. A viewer's output waits for its frame, to leave in its one write.
        flushOutput { $0.session == nil }
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

    /// Called by a connection when it queues its first output of the turn.
    func flushAtEndOfTurn(_ connection: Connection) {
        pendingOutput.append(connection)
        endTurnSoon()
    }

    /// One write per connection for everything the turn produced: replies, streams (a viewer's
    /// frame is written, with what was queued before it, as soon as it is drawn).
    private func flushOutput(of chosen: (Connection) -> Bool = { _ in true }) {
        var flushing = pendingOutput.takeAll(keepingStorageIn: &flushedOutput)
        for connection in flushing {
            if chosen(connection) { connection.flush() } else { pendingOutput.append(connection) }
        }
        flushedOutput.keepStorage(of: &flushing)
    }

    /// Renders a frame for each scene with work, paced to `framesPerSecond`; work a frame left
    /// (a view that changes state as it is evaluated) gets the next frame.
    private func renderFrames() {
        let pacing = FramePacing(framesPerSecond: configuration.framesPerSecond)
        let now = loop.now
        let clock = loop.nanoseconds
        for scene in scenes.values where scene.hasWork {
            let wait = pacing.milliseconds(toWaitAfter: clock &- scene.lastFrame)
            if wait > 0 && scene.frames > 0 {
                scheduleFrame(after: wait)
                continue
            }
            scene.renderFrame(now: now, maximumUnacknowledgedFrames: configuration.maximumUnacknowledgedFrames)
            scene.lastFrame = clock
            if scene.hasWork { scheduleFrame(after: pacing.milliseconds(toWaitAfter: 0)) }
        }
    }

    private func scheduleFrame(after milliseconds: UInt64) {
        guard !frameScheduled else { return }
        frameScheduled = true
        frameTimer.start(after: milliseconds)
    }
}

/// A daemon that cannot start, said plainly.
public struct DaemonError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
