import LoomGraph
import LoomJSON
import LoomStore

/// The value at a path of the document store: `@StoreValue("/jobs/3") var job: Job?` for any
/// `Decodable` type, or `JSONValue?` for the JSON as it is.
///
/// Reading it in `body` makes the view depend on the whole value at that path: it is
/// re-evaluated when that value, or anything in it, changes — and for nothing else. A typed
/// value is decoded at each read (`StoreCoding`), so a body that reads it once decodes once per
/// change. A value that does not decode as `Value` reads as nil, and `$job.error` says why.
///
/// Writes go through `$job`: `try $job.set(job)` is one transaction, as a script's `loom set`.
@propertyWrapper
public struct StoreValue<Value: Decodable>: DynamicProperty {
    @Environment(StoreKey.self) private var store
    /// The path the value is read from and written to.
    public let pointer: JSONPointer

    public init(_ pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// A path written in the program; an invalid one is a programming error.
    public init(_ path: String) {
        pointer = JSONPointer(declared: path, in: "@StoreValue")
    }

    /// The value, or nil when the path names nothing, the value is not a `Value`, or no store
    /// is in the environment.
    public var wrappedValue: Value? {
        guard let json = store?.trackedValue(at: pointer) else { return nil }
        return try? StoreCoding.decode(Value.self, from: json)
    }

    public var projectedValue: StoreValue<Value> { self }

    /// Why the value reads as nil although the path names something: the member and what was
    /// expected (`/retries: expected Int`). nil when it decodes, or there is nothing there.
    public var error: String? {
        guard let json = store?.value(at: pointer) else { return nil }
        do {
            _ = try StoreCoding.decode(Value.self, from: json)
            return nil
        } catch {
            return StoreCoding.describe(error)
        }
    }

    /// Writes `value` at the path in one transaction (missing parent objects made), as its
    /// JSON (`StoreCoding`); nil removes what is there. Throws what the store refuses (a value
    /// past its limits, a store that cannot be written) and what cannot be JSON (a NaN).
    public func set(_ value: Value?) throws where Value: Encodable {
        guard let store else { throw DocumentError(.storage, "no store in this view's environment", path: pointer.description) }
        guard let value else {
            if store.value(at: pointer) != nil { try store.apply([.remove(pointer)]) }
            return
        }
        try store.set(StoreCoding.encode(value, for: store), at: pointer)
    }
}
