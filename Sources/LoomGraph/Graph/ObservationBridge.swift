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
        let target = ObservationTarget(node: node)
        withObservationTracking(work, willSet: { tracking in
            tracking.cancel()
            target.changed(tracking.changed.map(describe) ?? "a property")
        })
    }

    private static func describe(_ keyPath: AnyKeyPath) -> String {
        let description = "\(keyPath)"
        guard description.contains("<computed") else { return description.hasPrefix("\\") ? String(description.dropFirst()) : description }
        return _typeName(type(of: keyPath).rootType, qualified: false)
    }
}

/// The node one evaluation's tracking invalidates. It may be told of a change on any thread.
final class ObservationTarget: @unchecked Sendable {
    private weak var node: Node?
    private let generation: Int
    private let thread: pthread_t
    private let inbox: ObservationInbox

    init(node: Node) {
        self.node = node
        self.generation = node.observationGeneration
        self.thread = node.graph.thread
        self.inbox = node.graph.inbox
    }

    func changed(_ property: String) {
        if pthread_equal(thread, pthread_self()) != 0 {
            deliver(property)
        } else {
            inbox.post(self, property)
        }
    }

    /// On the graph's thread: invalidate the node if this tracking is still its newest.
    func deliver(_ property: String) {
        guard let node, node.isAlive, node.observationGeneration == generation else { return }
        node.graph.invalidate(node, cause: .observable(property))
    }
}

/// Changes of `@Observable` models made on other threads, waiting for the graph's thread.
/// Bounded by the number of live trackings: each fires at most once.
final class ObservationInbox: Sendable {
    private let pending = Mutex<[(ObservationTarget, String)]>([])
    private let wakeUp = Mutex<(@Sendable () -> Void)?>(nil)

    func post(_ target: ObservationTarget, _ property: String) {
        pending.withLock { $0.append((target, property)) }
        wakeUp.withLock { $0 }?()
    }

    func drain() -> [(ObservationTarget, String)] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    var hasPending: Bool { pending.withLock { !$0.isEmpty } }

    func setWakeUp(_ action: (@Sendable () -> Void)?) {
        wakeUp.withLock { $0 = action }
    }
}
