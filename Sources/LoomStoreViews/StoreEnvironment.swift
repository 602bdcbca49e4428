import LoomGraph
import LoomJSON
import LoomStore

private struct StoreKey: EnvironmentKey {
    static var defaultValue: Store? { nil }
}

extension EnvironmentValues {
    /// The document store views read with `@StoreValue` and `@StoreMembers`; the daemon sets it
    /// at each scene's root (`.environment(\.store, store)`).
    public var store: Store? {
        get { self[StoreKey.self] }
        set { self[StoreKey.self] = newValue }
    }
}
