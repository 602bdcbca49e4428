/// An `ObservableObject` an ancestor put in the environment with `.environmentObject(_:)`.
///
/// Only views that declare it observe it, so a grandchild can update without the views
/// between it and the provider being evaluated (the `seeds/environment` scene).
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    private var object: ObjectType?

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object else {
            preconditionFailure("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

extension EnvironmentObject: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        object = node.context.environment[EnvironmentObjectKey<ObjectType>.self]
        if let object { node.storage(slot: slot) { ObjectSubscription() }.observe(object, node: node) }
    }
}

extension EnvironmentObject: ViewInput {
    func isSameInput(as other: EnvironmentObject<ObjectType>) -> Bool { true }
}
