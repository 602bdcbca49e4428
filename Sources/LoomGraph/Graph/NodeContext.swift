/// What a node inherits from its ancestors when it is created: the environment, the navigation
/// stack it pushes into, and whether a `ForEach` in this position builds only the lazy window.
struct NodeContext {
    var environment = EnvironmentValues()
    var navigation: NavigationState?
    /// Set by lazy containers for their content, cleared by eager containers and by rows.
    var buildsLazily = false
}
