import LoomGraph
import LoomJSON
import LoomStore

/// The store's key: the framework's readers read it with `@Environment(StoreKey.self)`, which
/// spares every read the key path's projection.
package struct StoreKey: EnvironmentKey {
    package static var defaultValue: Store? { nil }
}

extension EnvironmentValues {
    /// The document store views read with `@StoreValue` and `@StoreMembers`; the daemon sets it
    /// at each scene's root (`.environment(\.store, store)`).
    public var store: Store? {
        get { self[StoreKey.self] }
        set { self[StoreKey.self] = newValue }
    }
}
