import LoomGraph
import LoomJSON
import LoomStore

/// The value at a path of the document store: `@StoreValue("/jobs/3") var job`.
///
/// Reading it in `body` makes the view depend on the whole value at that path: it is
/// re-evaluated when that value, or anything in it, changes — and for nothing else.
@propertyWrapper
public struct StoreValue: DynamicProperty {
    @Environment(\.store) private var store
    private let pointer: JSONPointer

    public init(_ pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// A path written in the program; an invalid one is a programming error.
    public init(_ path: String) {
        pointer = JSONPointer(declared: path, in: "@StoreValue")
    }

    /// The value, or nil when the path names nothing (or no store is in the environment).
    public var wrappedValue: JSONValue? {
        store?.trackedValue(at: pointer)
    }
}
