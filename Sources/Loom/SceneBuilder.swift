/// Builds a `LoomApp`'s scenes from a list: `Scene`s, and the built-in ones where asked for
/// (`BuiltInScenes.all()`), with `if` and `for` as in any result builder.
@resultBuilder
public enum SceneBuilder {
    public static func buildExpression(_ scene: Scene) -> [Scene] { [scene] }

    /// The built-in scenes (`BuiltInScenes.all()`), or any list of names and root views.
    public static func buildExpression(_ scenes: [(name: String, root: any View)]) -> [Scene] {
        scenes.map { Scene($0.name, root: $0.root) }
    }

    public static func buildBlock(_ parts: [Scene]...) -> [Scene] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Scene]?) -> [Scene] { part ?? [] }
    public static func buildEither(first part: [Scene]) -> [Scene] { part }
    public static func buildEither(second part: [Scene]) -> [Scene] { part }
    public static func buildArray(_ parts: [[Scene]]) -> [Scene] { parts.flatMap { $0 } }
}
