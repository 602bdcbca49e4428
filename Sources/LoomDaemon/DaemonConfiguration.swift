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
    /// What each connection may leave unread, and the marks its streams' policies fire at.
    public var outputBudget = OutputBudget()
    /// Who gets which role (`RolePolicy`).
    public var roles = RolePolicy()
    public var serverName = "loomd 0.1"

    public init(socketPath: String, stateDirectory: String? = nil) {
        self.socketPath = socketPath
        self.stateDirectory = stateDirectory
    }
}
