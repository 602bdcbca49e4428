import Glibc
import LoomCommandLine
import LoomJSON
import LoomStore
import LoomWire

/// The command line of `loomd` and of every daemon made with `DaemonProgram` (a `LoomApp`).
public struct DaemonOptions: Equatable, Sendable {
    public var socketPath: String?
    public var stateDirectory: String?
    public var ephemeral = false
    public var framesPerSecond = 60
    public var logLevel = Log.Level.info
    public var configFile: String?
    /// From the configuration file: users (uids) given the viewer role, and the control role.
    public var viewerUIDs: [UInt32] = []
    public var controllerUIDs: [UInt32] = []
    /// From the configuration file: groups (gids, `"@name"` there) whose members view, and control.
    public var viewerGroups: [UInt32] = []
    public var controllerGroups: [UInt32] = []
    /// From the configuration file: connections one user may hold open (`ConnectionQuota`).
    public var connectionsPerUser: Int?
    public var help = false
    public var version = false
    /// `--socket-mode` and `--socket-group`: who besides the daemon's user may open its socket.
    public var socketMode: UInt32?
    public var socketGroup: UInt32?
    /// `--scenes DIR`: scene documents read at start and on SIGHUP.
    public var scenesDirectory: String?

    /// The help text, for the program named `program`.
    public static func usage(program: String = "loomd") -> String {
        let indent = String(repeating: " ", count: program.count)
        return """
        usage: \(program) [--socket PATH [--socket-mode MODE] [--socket-group GROUP]]
                \(indent)[--state-dir DIR | --ephemeral] [--scenes DIR] [--config FILE] [--fps N] [--log-level LEVEL] [--version]

        A Loom render daemon: owns the document store and the scenes' view graphs, and serves
        scripts and terminal viewers over a Unix socket (protocol: Protocol/README.md).

          --socket PATH      where to listen; default: $LOOM_SOCKET, else $XDG_RUNTIME_DIR/loom/loom.sock,
                             else /run/loom-socket/loom.sock. Under systemd socket activation the passed
                             socket is used instead. Only a socket no daemon answers on is replaced;
                             anything else at PATH is an error. The socket's own directory is created
                             (0700) if missing, never its parents
          --state-dir DIR    where the store is kept (SQLite); default: $STATE_DIRECTORY (systemd's
                             StateDirectory=), else $XDG_STATE_HOME/loom, else ~/.local/state/loom.
                             One daemon per directory (a second exits 1). A store starts empty only
                             in an empty directory: files that cannot be opened as a store are
                             refused and left as they are (docs/store.md, the durability contract)
          --ephemeral        keep the store in memory only (demos, tests)
          --scenes DIR       scene documents: each DIR/NAME.json is the scene NAME, read at start and
                             again on SIGHUP (systemctl reload), never written; a file that does not
                             validate is logged with its line and keeps its previous version running.
                             A file owns its name: the socket may not replace or remove it
                             (docs/scene-documents.md)
          --config FILE      a JSON file: {"socket", "state_dir", "scenes", "fps", "log_level", "viewers": [user…],
                             "controllers": [user…], "connections_per_user"}, where a user is a uid,
                             a user name or an @group; the command line wins over
                             it. Roles: root and the daemon's user control; "viewers" may attach and
                             send input; anyone else who can reach the socket may only observe. Each
                             user but root and the daemon's may hold "connections_per_user" (1000)
                             connections open
          --socket-mode MODE the socket's permissions, octal (default 0600: only the daemon's user);
                             0660 with --socket-group lets a group in, 0666 everyone. Who may do
                             what once in is the roles' business (--config). Ignored under socket
                             activation, where the socket unit sets them
          --socket-group GROUP  the socket's group (a name or a gid)
          --fps N            frames per second per scene, at most (default 60)
          --log-level LEVEL  error, warning, notice, info (default) or debug; logs go to stderr
                             with the <N> priority prefixes journald understands
          --version          print the version of Loom and of its protocol
          --help             this text

        An option's value follows it, or an '=' (--fps=30).

        SIGHUP (systemctl reload loomd) reads the configuration file and the scenes directory again
        and keeps every connection: roles and connections per user apply to connections made from
        then on; the socket and the state directory change only at a restart.

        Exit status: 0 after a clean shutdown (SIGTERM, SIGINT), 1 when it cannot start, 2 for
        a wrong command line.
        """
    }

    public init() {}

    /// Parses arguments (without the program name); the error says what is wrong.
    public static func parse(_ arguments: [String]) throws(UsageError) -> DaemonOptions {
        let parsed = try Arguments(arguments, valued: ["socket", "state-dir", "scenes", "fps", "log-level", "config", "socket-mode", "socket-group"], flags: ["ephemeral", "help", "version"])
        var options = DaemonOptions()
        for positional in parsed.positionals {
            guard positional == "-h" else { throw UsageError("unknown argument '\(positional)'") }
            options.help = true
        }
        options.help = options.help || parsed.flags.contains("help")
        options.version = parsed.flags.contains("version")
        options.ephemeral = parsed.flags.contains("ephemeral")
        options.socketPath = parsed.options["socket"]
        options.stateDirectory = parsed.options["state-dir"]
        options.scenesDirectory = parsed.options["scenes"]
        options.configFile = parsed.options["config"]
        if let text = parsed.options["fps"] {
            guard let fps = Int(text), (1...1_000).contains(fps) else { throw UsageError("--fps must be a number from 1 to 1000, not \(text)") }
            options.framesPerSecond = fps
        }
        if let text = parsed.options["log-level"] {
            guard let level = Log.Level(name: text) else { throw UsageError("--log-level must be error, warning, notice, info or debug, not \(text)") }
            options.logLevel = level
        }
        if let text = parsed.options["socket-mode"] {
            guard let mode = UInt32(text, radix: 8), mode <= 0o777, mode & 0o600 == 0o600 else {
                throw UsageError("--socket-mode must be octal permissions that let the owner read and write (0600…0777), not \(text)")
            }
            options.socketMode = mode
        }
        if let text = parsed.options["socket-group"] {
            if let gid = UInt32(text) {
                options.socketGroup = gid
            } else if let group = getgrnam(text) {
                options.socketGroup = group.pointee.gr_gid
            } else {
                throw UsageError("--socket-group names no group '\(text)'")
            }
        }
        if options.ephemeral && options.stateDirectory != nil { throw UsageError("--ephemeral and --state-dir exclude each other") }
        options.given = Set(parsed.options.keys)
        return options
    }

    /// Reads the configuration file, if one was given, under what the command line said.
    public func applyingConfiguration(read: (String) -> [UInt8]?) throws(DaemonError) -> DaemonOptions {
        guard let configFile else { return self }
        guard let bytes = read(configFile) else { throw DaemonError("cannot read the configuration file \(configFile)") }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw DaemonError("\(configFile): \(error)")
        }
        guard case .object(let object) = json else { throw DaemonError("\(configFile): the configuration must be a JSON object") }
        var options = self
        let known: Set<String> = ["socket", "state_dir", "scenes", "fps", "log_level", "viewers", "controllers", "connections_per_user"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) { throw DaemonError("\(configFile): unknown setting '\(unknown)'") }
        /// A role's members: user ids, user names, and groups as `@name`, each checked.
        func members(_ key: String) throws(DaemonError) -> (uids: [UInt32], gids: [UInt32]) {
            guard let value = object[key] else { return ([], []) }
            guard case .array(let items) = value else { throw DaemonError("\(configFile): '\(key)' must be an array of users and @groups") }
            var uids: [UInt32] = [], gids: [UInt32] = []
            for item in items {
                if let uid = item.intValue, uid >= 0, uid <= Int64(UInt32.max) {
                    uids.append(UInt32(uid))
                } else if let name = item.stringValue, name.hasPrefix("@") {
                    guard let group = getgrnam(String(name.dropFirst())) else { throw DaemonError("\(configFile): '\(key)' names no group \(name)") }
                    gids.append(group.pointee.gr_gid)
                } else if let name = item.stringValue {
                    guard let user = getpwnam(name) else { throw DaemonError("\(configFile): '\(key)' names no user '\(name)'") }
                    uids.append(user.pointee.pw_uid)
                } else {
                    throw DaemonError("\(configFile): '\(key)' holds \(JSONWriter.string(item)), not a user id, a user name or an @group")
                }
            }
            return (uids, gids)
        }
        if options.socketPath == nil { options.socketPath = object["socket"]?.stringValue }
        if options.scenesDirectory == nil { options.scenesDirectory = object["scenes"]?.stringValue }
        if options.stateDirectory == nil && !options.ephemeral { options.stateDirectory = object["state_dir"]?.stringValue }
        if let fps = object["fps"]?.intValue, !given.contains("fps") {
            guard (1...1_000).contains(fps) else { throw DaemonError("\(configFile): 'fps' must be from 1 to 1000") }
            options.framesPerSecond = Int(fps)
        }
        if let name = object["log_level"]?.stringValue, !given.contains("log-level") {
            guard let level = Log.Level(name: name) else { throw DaemonError("\(configFile): unknown 'log_level' \(name)") }
            options.logLevel = level
        }
        if let value = object["connections_per_user"] {
            guard let count = value.intValue, (1...1_000_000).contains(count) else {
                throw DaemonError("\(configFile): 'connections_per_user' must be a number from 1 to 1000000")
            }
            options.connectionsPerUser = Int(count)
        }
        (options.viewerUIDs, options.viewerGroups) = try members("viewers")
        (options.controllerUIDs, options.controllerGroups) = try members("controllers")
        return options
    }

    /// The options the command line gave (by name, without dashes): they win over the
    /// configuration file's.
    private var given: Set<String> = []

    /// The socket path, by the rule clients share (`SocketPath`).
    public func resolvedSocketPath(environment: [String: String]) -> String {
        SocketPath.resolve(socketPath, environment: environment)
    }

    /// The state directory, or nil for an in-memory store.
    public func resolvedStateDirectory(environment: [String: String]) -> String? {
        if ephemeral { return nil }
        if let stateDirectory { return stateDirectory }
        if let systemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first { return String(systemd) }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/loom" }
        return (environment["HOME"] ?? "/tmp") + "/.local/state/loom"
    }
}
