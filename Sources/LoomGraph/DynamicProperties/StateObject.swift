/// An `ObservableObject` a view owns: created once, on the node's first evaluation (the
/// initialiser is an autoclosure, so a view value that is never evaluated creates nothing),
/// kept for the node's lifetime, observed like `@ObservedObject`.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let makeObject: () -> ObjectType
    private var storage: StateObjectStorage<ObjectType>?

    public init(wrappedValue makeObject: @autoclosure @escaping () -> ObjectType) {
        self.makeObject = makeObject
    }

    public var wrappedValue: ObjectType {
        storage?.object ?? makeObject()
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

final class StateObjectStorage<ObjectType: ObservableObject>: NodeBoundStorage {
    let object: ObjectType
    private let subscription = ObjectSubscription()

    init(object: ObjectType, node: Node) {
        self.object = object
        subscription.observe(object, node: node)
    }

    func detach(from node: Node) {
        subscription.detach(from: node)
    }
}

extension StateObject: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        let makeObject = makeObject
        storage = node.storage(slot: slot) { StateObjectStorage(object: makeObject(), node: node) }
    }
}

extension StateObject: ViewInput {
    func isSameInput(as other: StateObject<ObjectType>) -> Bool { true }
}
