import Foundation
import LoomDaemon
import LoomLoop
import LoomScenes

// loomd: argument parsing and wiring only (DESIGN.md); the daemon is LoomDaemon.

let options: DaemonOptions
do {
    options = try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst()))
        .applyingConfiguration { path in FileManager.default.contents(atPath: path).map(Array.init) }
} catch {
    FileHandle.standardError.write(Data("loomd: \(error)\n\n\(DaemonOptions.usage)\n".utf8))
    exit(2)
}
if options.help {
    print(DaemonOptions.usage)
    exit(0)
}
Log.configure(level: options.logLevel)

let environment = ProcessInfo.processInfo.environment
do {
    var configuration = DaemonConfiguration(socketPath: options.resolvedSocketPath(environment: environment),
                                            stateDirectory: options.resolvedStateDirectory(environment: environment))
    configuration.framesPerSecond = options.framesPerSecond
    configuration.roles.viewers.formUnion(options.viewerUIDs)
    configuration.roles.controllers.formUnion(options.controllerUIDs)
    if let directory = configuration.stateDirectory {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let daemon = try Daemon(configuration: configuration)
    daemon.register(scenes: BuiltInScenes.all())
    let passed = Systemd.listenDescriptors()
    if let socket = passed.first {
        try daemon.adopt(descriptor: socket.descriptor)
        Log.write(.info, "serving the socket systemd passed (\(socket.name))")
    } else {
        let directory = (configuration.socketPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try daemon.listen()
        Log.write(.info, "listening on \(configuration.socketPath)")
    }
    try daemon.run(onReady: {
        Systemd.notify("READY=1\nSTATUS=serving; revision \(daemon.store.revision)")
        Log.write(.info, "ready: store at revision \(daemon.store.revision)" + (configuration.stateDirectory.map { " in \($0)" } ?? " (in memory)"))
    }, onStop: {
        Systemd.notify("STOPPING=1")
        Log.write(.info, "shutting down")
    })
    Log.write(.info, "stopped")
} catch {
    Log.write(.error, "loomd cannot start: \(error)")
    exit(1)
}
