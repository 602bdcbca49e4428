import LoomWire

/// How a daemon runs: where it listens, where its state lives, how fast it paces frames.
public struct DaemonConfiguration: Sendable {
    /// The Unix socket to listen on (when not given a descriptor by systemd).
    public var socketPath: String
    /// The state directory for the store; nil keeps the store in memory (`--ephemeral`).
    public var stateDirectory: String?
    /// Frames per second per scene, at most.
    public var framesPerSecond = 60
    /// Frames a viewer may have unacknowledged before frames for it are coalesced.
    public var maximumUnacknowledgedFrames = 2
    /// Requests of one connection handled in one turn; the rest of what it pipelined waits for
    /// the next turn, after this turn's replies are written and the loop has read what others
    /// sent. A client pipelining thousands of requests gets the first replies (and sends more)
    /// while the daemon handles the others, and other clients (a viewer's key, a frame that is
    /// due) wait for at most this many — about a millisecond of `set`s — not for all that one
    /// read brought (64 KB: some 2,600 `set`s). At least 1.
    public var maximumRequestsPerTurn = 256 {
        didSet { maximumRequestsPerTurn = max(1, maximumRequestsPerTurn) }
    }
    /// Cells in one viewer's screen or one snapshot. A screen's cost (its grids, its layout,
    /// a keyframe's bytes, the loop time to draw it) grows with its area, and any client may
    /// ask for one: drawing a new screen of this area over a million rows holds the loop for
    /// about 0.1 s (`loom-bench memory`, `loop_stall_snapshot_largest_ms`; 1.7 s at 1,000x1,000,
    /// the first bound). Past it a request is refused
    /// `limit_exceeded`. 1,000 columns still get 250 rows; real terminals are far below it.
    public var maximumScreenCells = 250_000
    /// Milliseconds a new connection has to send its `hello`; past it, a fatal `hello_expected`
    /// and the connection is closed (before the handshake a peer is nobody, and may not hold a
    /// descriptor and a buffer for as long as it likes).
    public var helloTimeout: UInt64 = 5_000
    /// Viewers of one scene with a graph of their own (each viewer is a window: `Scene`). Each
    /// costs a build of what it shows, then its own evaluation, layout, drawing and diff of
    /// every change it reads (`loom-bench fanout`, `daemon_cpu_us_16_own`), and any viewer makes
    /// one with a key. Past it, a key that would give one more viewer its own graph is refused
    /// `limit_exceeded` and does nothing; the viewer keeps sharing, and scrolls and moves its
    /// focus as before.
    public var maximumOwnGraphsPerScene = 64
    /// What each connection may leave unread, and the marks its streams' policies fire at.
    public var outputBudget = OutputBudget()
    /// How many connections one user may hold open (`ConnectionQuota`).
    public var connectionQuota = ConnectionQuota()
    /// Who gets which role (`RolePolicy`).
    public var roles = RolePolicy()
    /// The permissions of a socket the daemon makes itself (not one systemd passes, whose unit
    /// sets them): only its owner by default; a group or everyone may be let in to share it.
    public var socketMode: UInt32 = 0o600
    /// The group the socket belongs to, when not the daemon's own (`--socket-group`).
    public var socketGroup: UInt32?
    public var serverName = "loomd \(LoomVersion.current)"
    /// A directory of scene documents (`*.json`) the daemon reads at start and on SIGHUP and
    /// never writes (`--scenes`; docs/scene-documents.md): each file's scene is named after it.
    public var scenesDirectory: String?

    public init(socketPath: String, stateDirectory: String? = nil) {
        self.socketPath = socketPath
        self.stateDirectory = stateDirectory
    }
}
