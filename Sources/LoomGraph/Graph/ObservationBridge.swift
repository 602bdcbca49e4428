import Glibc
@_spi(SwiftUI) import Observation
import Synchronization

/// Connects Apple's Observation module (`@Observable`) to the graph's invalidation.
///
/// Each evaluation runs under `withObservationTracking`; the first change of any property it
/// read invalidates the node, naming what changed (the SPI `willSet` variant reports the key
/// path, which the plain `onChange` variant does not). The `@Observable` macro turns stored
/// properties into computed ones, whose key paths do not carry their names at run time, so
/// the cause names the model type (`@observable(LikeItem)`) unless the key path has a name.
/// Trackings of older evaluations are recognised by their generation and ignored.
///
/// Known limit: Observation offers no way to cancel a tracking before it fires, so a node that
/// is re-evaluated for other reasons while reading a property that never changes leaves one
/// dormant registration per evaluation in that model's registrar until the property changes.
enum ObservationBridge {
    static func track(_ node: Node, _ work: () -> Void) {
        let token = node.token
        let generation = node.observationGeneration
        let thread = node.graph.thread
        let inbox = node.graph.inbox
        withObservationTracking(work, willSet: { tracking in
            tracking.cancel()
            let change = ObservedChange(token: token, generation: generation, property: tracking.changed.map(describe) ?? "a property")
            if pthread_equal(thread, pthread_self()) != 0 {
                change.deliver()
            } else {
                inbox.post(change)
            }
        })
    }

    private static func describe(_ keyPath: AnyKeyPath) -> String {
        let description = "\(keyPath)"
        guard description.contains("<computed") else { return description.hasPrefix("\\") ? String(description.dropFirst()) : description }
        return _typeName(type(of: keyPath).rootType, qualified: false)
    }
}

/// Stands for a node in callbacks that may outlive it (a tracking fires after the node went).
/// The node clears it when it leaves the graph; nothing else holds the node weakly, which would
/// move every node's reference count to a slow side table.
final class NodeToken: @unchecked Sendable {
    /// Read and cleared on the graph's thread only.
    unowned(unsafe) var node: Node?

    init(_ node: Node) {
        self.node = node
    }
}

/// A property change one evaluation's tracking saw.
struct ObservedChange: Sendable {
    let token: NodeToken
    let generation: Int
    let property: String

    /// On the graph's thread: invalidate the node if this tracking is still its newest.
    func deliver() {
        guard let node = token.node, node.observationGeneration == generation else { return }
        node.graph.invalidate(node, cause: .observable(property))
    }
}

/// Changes of `@Observable` models made on other threads, waiting for the graph's thread.
/// Bounded by the number of live trackings: each fires at most once.
final class ObservationInbox: Sendable {
    private let pending = Mutex<[ObservedChange]>([])
    private let wakeUp = Mutex<(@Sendable () -> Void)?>(nil)

    /// The wake-up is called under its lock, so that once `setWakeUp(nil)` returns, none is in
    /// progress: the host may close what it wakes.
    func post(_ change: ObservedChange) {
        pending.withLock { $0.append(change) }
        wakeUp.withLock { $0?() }
    }

    func drain() -> [ObservedChange] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    var hasPending: Bool { pending.withLock { !$0.isEmpty } }

    func setWakeUp(_ action: (@Sendable () -> Void)?) {
        wakeUp.withLock { $0 = action }
    }

    /// Wakes the host for work posted elsewhere (a task's job, `GraphExecutor`).
    func wake() {
        wakeUp.withLock { $0?() }
    }
}
