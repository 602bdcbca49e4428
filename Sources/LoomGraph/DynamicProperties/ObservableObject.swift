@_spi(Reflection) import Swift

/// A reference-type model whose `@Published` properties announce changes: our own version of
/// Combine's protocol (Combine does not exist on Linux).
///
/// It keeps SwiftUI's coarse rule on purpose (docs/architecture.md, rule 4): any published change
/// invalidates every view observing the object, whatever it read — the pitfall the `seeds/likes-observed` scene shows.
/// Prefer `@Observable` models, which are tracked per property.
public protocol ObservableObject: AnyObject {
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// One publisher shared by all the object's `@Published` properties, created on first use.
    public var objectWillChange: ObservableObjectPublisher {
        PublishedFields.publisher(of: self)
    }
}

/// Announces that an object is about to change. Views observing the object subscribe their nodes.
public final class ObservableObjectPublisher {
    private var subscribers: [ObjectIdentifier: (node: Unmanaged<Node>, name: String)] = [:]

    public init() {}

    /// Invalidates every subscribed view.
    public func send() {
        for subscriber in subscribers.values {
            let node = subscriber.node.takeUnretainedValue()
            node.graph.invalidate(node, cause: .objectWillChange(subscriber.name))
        }
    }

    func subscribe(_ node: Node, name: String) {
        subscribers[ObjectIdentifier(node)] = (Unmanaged.passUnretained(node), name)
    }

    func unsubscribe(_ node: Node) {
        subscribers[ObjectIdentifier(node)] = nil
    }
}

/// Finds the `@Published` fields of an object type once (field metadata), so the default
/// `objectWillChange` can hand them one shared publisher.
enum PublishedFields {
    private static let cache = TypeCache<[Int]>()

    static func publisher<Object: ObservableObject>(of object: Object) -> ObservableObjectPublisher {
        let offsets = cache.entry(for: Object.self) {
            var offsets: [Int] = []
            let classType = _EachFieldOptions(rawValue: 1 << 0)
            _forEachField(of: Object.self, options: classType) { _, offset, type, _ in
                if type is any PublishedProperty.Type { offsets.append(offset) }
                return true
            }
            return offsets
        }
        guard let first = offsets.first else { return ObservableObjectPublisher() }
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        if let existing = (base + first).load(as: PublishedStorageBase.self).publisher { return existing }
        let publisher = ObservableObjectPublisher()
        for offset in offsets { (base + offset).load(as: PublishedStorageBase.self).publisher = publisher }
        return publisher
    }
}

/// Holds which object a node observes, and lets go of it when the node goes.
final class ObjectSubscription: NodeBoundStorage {
    private var publisher: ObservableObjectPublisher?
    private var objectID: ObjectIdentifier?

    func observe<Object: ObservableObject>(_ object: Object, node: Node) {
        let id = ObjectIdentifier(object)
        guard id != objectID else { return }
        publisher?.unsubscribe(node)
        let publisher = object.objectWillChange
        publisher.subscribe(node, name: _typeName(Object.self, qualified: false))
        self.publisher = publisher
        self.objectID = id
    }

    func detach(from node: Node) {
        publisher?.unsubscribe(node)
        publisher = nil
        objectID = nil
    }
}
