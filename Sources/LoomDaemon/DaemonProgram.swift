import Foundation
import LoomCommandLine
import LoomGraph
import LoomWire

/// A daemon program's whole life, as `loomd` and every `LoomApp` live it: the command line
/// (`DaemonOptions`, with its configuration file), logging, the store, the socket systemd passed
/// or one of its own, READY=1, WATCHDOG=1 and STOPPING=1 to systemd, signals, the exit status.
/// One place, so a developer's daemon is run exactly as the shipped one and its unit fits both.
public enum DaemonProgram {
    /// Runs a daemon serving `scenes` until it is stopped, and returns its exit status (see
    /// `DaemonOptions.usage`). `arguments` are the command line without the program's name;
    /// `program` names it in messages.
    public static func run(program: String, arguments: [String], scenes: [(name: String, root: any View)]) -> Int32 {
        let options: DaemonOptions
        do {
            options = try DaemonOptions.parse(arguments)
                .applyingConfiguration { path in FileManager.default.contents(atPath: path).map(Array.init) }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("\(program): \(error)\n\n\(DaemonOptions.usage(program: program))\n".utf8))
            return 2
        } catch {
            // A configuration file's mistake: one line that names it, not the usage.
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            return 2
        }
        if options.help {
            print(DaemonOptions.usage(program: program))
            return 0
        }
        if options.version {
            print("\(program) \(LoomVersion.current) (protocol \(ProtocolVersion.current))")
            return 0
        }
        Log.configure(level: options.logLevel)
        do {
            try serve(options, arguments: arguments, program: program, scenes: scenes)
            Log.write(.info, "stopped")
            return 0
        } catch {
            Log.write(.error, "\(program) cannot start: \(error)")
            return 1
        }
    }

    /// The daemon's configuration from its options (and the configuration file they read).
    private static func configuration(_ options: DaemonOptions, program: String, environment: [String: String]) -> DaemonConfiguration {
        var configuration = DaemonConfiguration(socketPath: options.resolvedSocketPath(environment: environment),
                                                stateDirectory: options.resolvedStateDirectory(environment: environment))
        configuration.serverName = "\(program) \(LoomVersion.current)"
        configuration.framesPerSecond = options.framesPerSecond
        if let mode = options.socketMode { configuration.socketMode = mode }
        configuration.socketGroup = options.socketGroup
        configuration.scenesDirectory = options.scenesDirectory
        configuration.roles.viewers.formUnion(options.viewerUIDs)
        configuration.roles.controllers.formUnion(options.controllerUIDs)
        configuration.roles.viewerGroups.formUnion(options.viewerGroups)
        configuration.roles.controllerGroups.formUnion(options.controllerGroups)
        if let count = options.connectionsPerUser { configuration.connectionQuota.perUser = count }
        return configuration
    }

    private static func serve(_ options: DaemonOptions, arguments: [String], program: String, scenes: [(name: String, root: any View)]) throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration = configuration(options, program: program, environment: environment)
        if let directory = configuration.stateDirectory, options.stateDirectory == nil, environment["STATE_DIRECTORY"] == nil {
            // The default under $XDG_STATE_HOME or ~/.local/state: its parents are the user's own and
            // made as the XDG spec says (0700). A directory named on the command line needs its
            // parent to exist (the store creates the directory itself, so a typo is an error).
            let parent = (directory as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        AllocatorPolicy.apply()
        let descriptors = DescriptorLimit.raise()
        let daemon = try Daemon(configuration: configuration)
        // SIGHUP: the same command line and its configuration file read again; a file that no
        // longer reads keeps the configuration running, and says why.
        daemon.readConfiguration = {
            do {
                let reread = try DaemonOptions.parse(arguments)
                    .applyingConfiguration { path in FileManager.default.contents(atPath: path).map(Array.init) }
                Log.configure(level: reread.logLevel)
                return Self.configuration(reread, program: program, environment: environment)
            } catch {
                Log.write(.error, "the configuration was not reloaded: \(error)")
                return nil
            }
        }
        daemon.register(scenes: scenes)
        daemon.loadDeclaredScenes()
        let passed = Systemd.listenDescriptors()
        if let socket = passed.first {
            try daemon.adopt(descriptor: socket.descriptor)
            Log.write(.info, "serving the socket systemd passed (\(socket.name))")
        } else {
            try daemon.listen()
            Log.write(.info, "listening on \(configuration.socketPath)")
        }
        try daemon.run(onReady: {
            Systemd.notify("READY=1\nSTATUS=serving; revision \(daemon.store.revision)")
            Log.write(.info, "ready: store at revision \(daemon.store.revision)" + (configuration.stateDirectory.map { " in \($0)" } ?? " (in memory)")
                      + "; up to \(descriptors) descriptors, \(configuration.connectionQuota.perUser) connections per user")
        }, onStop: {
            Systemd.notify("STOPPING=1")
            Log.write(.info, "shutting down")
        })
    }
}
