import Foundation
import LoomCommandLine
import LoomDaemon
import LoomLoop
import LoomScenes
import LoomWire

// loomd: argument parsing and wiring only (docs/architecture.md); the daemon is LoomDaemon.

let options: DaemonOptions
do {
    options = try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst()))
        .applyingConfiguration { path in FileManager.default.contents(atPath: path).map(Array.init) }
} catch let error as UsageError {
    FileHandle.standardError.write(Data("loomd: \(error)\n\n\(DaemonOptions.usage)\n".utf8))
    exit(2)
} catch {
    // A configuration file's mistake: one line that names it, not the usage.
    FileHandle.standardError.write(Data("loomd: \(error)\n".utf8))
    exit(2)
}
if options.help {
    print(DaemonOptions.usage)
    exit(0)
}
if options.version {
    print("loomd \(LoomVersion.current) (protocol \(ProtocolVersion.current))")
    exit(0)
}
Log.configure(level: options.logLevel)

let environment = ProcessInfo.processInfo.environment
do {
    var configuration = DaemonConfiguration(socketPath: options.resolvedSocketPath(environment: environment),
                                            stateDirectory: options.resolvedStateDirectory(environment: environment))
    configuration.framesPerSecond = options.framesPerSecond
    if let mode = options.socketMode { configuration.socketMode = mode }
    configuration.socketGroup = options.socketGroup
    configuration.roles.viewers.formUnion(options.viewerUIDs)
    configuration.roles.controllers.formUnion(options.controllerUIDs)
    configuration.roles.viewerGroups.formUnion(options.viewerGroups)
    configuration.roles.controllerGroups.formUnion(options.controllerGroups)
    if let count = options.connectionsPerUser { configuration.connectionQuota.perUser = count }
    if let directory = configuration.stateDirectory, options.stateDirectory == nil, environment["STATE_DIRECTORY"] == nil {
        // The default under $XDG_STATE_HOME or ~/.local/state: its parents are the user's own and
        // made as the XDG spec says (0700). A directory named on the command line needs its
        // parent to exist (the store creates the directory itself, so a typo is an error).
        let parent = (directory as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let descriptors = DescriptorLimit.raise()
    let daemon = try Daemon(configuration: configuration)
    daemon.register(scenes: BuiltInScenes.all())
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
    Log.write(.info, "stopped")
} catch {
    Log.write(.error, "loomd cannot start: \(error)")
    exit(1)
}
