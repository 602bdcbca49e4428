/// A property of an `ObservableObject` that announces its changes through `objectWillChange`.
///
/// Writing an equal value announces nothing (rule 3), where Combine would announce anyway.
@propertyWrapper
public struct Published<Value>: PublishedProperty {
    private let storage: PublishedStorage<Value>

    public init(wrappedValue: Value) {
        self.storage = PublishedStorage(wrappedValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }  // swiftlint:disable:this unused_setter_value
    }

    public static subscript<Object: ObservableObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            if storage.comparer.equal(storage.value, newValue) { return }
            object.objectWillChange.send()
            storage.value = newValue
        }
    }
}

/// Marks `Published` fields for `PublishedFields`; each is a single reference to its storage.
protocol PublishedProperty {}

class PublishedStorageBase {
    var publisher: ObservableObjectPublisher?
}

final class PublishedStorage<Value>: PublishedStorageBase {
    var value: Value
    let comparer: ValueComparer

    init(_ value: Value) {
        self.value = value
        self.comparer = ValueComparer.forType(Value.self)
    }
}
