/// What a node inherits from its ancestors when it is created: the environment, the navigation
/// stack it pushes into, and whether a `ForEach` in this position builds only the lazy window.
struct NodeContext {
    var environment = EnvironmentValues()
    var navigation: NavigationState?
    /// The `TabView` whose tabs are below.
    var tabs: TabViewState?
    /// The lazy container (`LazyVStack`, `LazyHStack`, `List`) whose `ForEach` in this position
    /// builds only the rows in view; set by lazy containers, cleared by eager ones and by rows.
    unowned(unsafe) var lazyContainer: Node?
}
