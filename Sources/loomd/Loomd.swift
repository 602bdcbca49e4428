import Loom

/// loomd: the Loom daemon with the built-in scenes, a `LoomApp` like any developer's
/// (docs/architecture.md); everything it does is `DaemonProgram`'s.
@main
struct Loomd: LoomApp {
    var scenes: [Scene] {
        BuiltInScenes.all()
    }
}
