import LoomDaemon

/// The scenes `loomd` serves out of the box (docs/scenes.md): the operations dashboard and
/// one scene per seed scenario.
public enum BuiltInScenes {
    public static let names = ["dashboard", "seeds/stores", "seeds/likes", "seeds/likes-observed", "seeds/collapsable", "seeds/pickers", "seeds/environment"]

    public static func register(in daemon: Daemon) {
        daemon.register(scene: "dashboard", Dashboard())
        daemon.register(scene: "seeds/stores", StoresScene())
        daemon.register(scene: "seeds/likes", LikesScene())
        daemon.register(scene: "seeds/likes-observed", LikesObservedScene())
        daemon.register(scene: "seeds/collapsable", CollapsableScene())
        daemon.register(scene: "seeds/pickers", PickersScene())
        daemon.register(scene: "seeds/environment", EnvironmentScene())
    }
}
