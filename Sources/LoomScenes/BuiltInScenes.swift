import LoomGraph

/// The scenes `loomd` serves out of the box (docs/scenes.md): the operations dashboard and
/// one scene per seed scenario. Only views: the daemon registers them (`loomd`'s main).
public enum BuiltInScenes {
    /// Each scene's name and root view (a fresh one, with fresh state, on each call).
    public static func all() -> [(name: String, root: any View)] {
        [
            ("dashboard", Dashboard()),
            ("seeds/stores", StoresScene()),
            ("seeds/likes", LikesScene()),
            ("seeds/likes-observed", LikesObservedScene()),
            ("seeds/collapsable", CollapsableScene()),
            ("seeds/pickers", PickersScene()),
            ("seeds/environment", EnvironmentScene()),
        ]
    }
}
