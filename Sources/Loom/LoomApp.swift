import Foundation

/// A daemon of your own, in SwiftUI's shape: a type that lists its scenes, marked `@main`.
///
///     @main struct Board: LoomApp {
///         var scenes: [Scene] {
///             Scene("board") { BoardView() }
///             BuiltInScenes.all()           // the dashboard and the seed scenes, if wanted
///         }
///     }
///
/// It is run as `loomd` is (`DaemonProgram`): the same options (`--help` lists them), systemd
/// socket activation and notifications, signals and logs, so the shipped units serve it with
/// only `ExecStart=` changed.
public protocol LoomApp {
    init()

    /// The scenes the daemon serves, made once when it starts.
    @SceneBuilder var scenes: [Scene] { get }
}

extension LoomApp {
    /// Runs the daemon and exits with its status.
    public static func main() {
        let invoked = (CommandLine.arguments.first ?? "") as NSString
        let program = invoked.lastPathComponent.isEmpty ? "\(Self.self)" : invoked.lastPathComponent
        let scenes = Self().scenes.map { (name: $0.name, root: $0.root) }
        exit(DaemonProgram.run(program: program, arguments: Array(CommandLine.arguments.dropFirst()), scenes: scenes))
    }
}
