/// An `ObservableObject` a view observes but does not own: any published change of the object
/// re-evaluates the view, whatever its `body` read (rule 4, the seed-001 pitfall).
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: ObjectType) {
        self.wrappedValue = initialValue
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to the object's properties: `$model.name`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(location: ObjectLocation(object: object, keyPath: keyPath))
        }
    }
}

extension ObservedObject: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        node.storage(slot: slot) { ObjectSubscription() }.observe(wrappedValue, node: node)
    }
}

extension ObservedObject: ViewInput {
    func isSameInput(as other: ObservedObject<ObjectType>) -> Bool { wrappedValue === other.wrappedValue }
}
