import Glibc

/// The node whose body (or tracked primitive update) is running on this thread, if any.
///
/// Reads record dependencies on it, whatever they read: `@State` of its own graph, environment
/// slots, or sources outside any graph (a store path read by views of several graphs). It is
/// per thread because each graph is confined to its thread and graphs on different threads
/// (tests, several scenes) evaluate at the same time.
enum TrackingContext {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: Node? {
        pthread_getspecific(key).map { Unmanaged<Node>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `work` with `node` as the current node; evaluations never nest.
    static func evaluating(_ node: Node, _ work: () -> Void) {
        pthread_setspecific(key, Unmanaged.passUnretained(node).toOpaque())
        defer { pthread_setspecific(key, nil) }
        work()
    }
}
