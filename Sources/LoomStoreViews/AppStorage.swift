import Foundation
import LoomGraph
import LoomJSON
import LoomStore

/// SwiftUI's `@AppStorage`, kept in the document store: `@AppStorage("theme") var theme =
/// "dark"`. What one viewer sets, every viewer and script sees, and it survives a restart (the
/// store is durable); a script changes it with `loom set /settings/theme '"light"'`.
///
/// The key is a member of the store's `/settings` object, or, starting with `/`, any path
/// (`@AppStorage("/boards/ops/columns")`). Any `Codable` value, read as `@StoreValue` reads (the
/// view depends on that path only); the default shows while nothing (or nothing of the type)
/// is there, and is not written. `$theme` is a `Binding` for a `Toggle`, `Picker` or field.
///
/// Setting it writes one transaction. A write the store refuses (a value past its limits, a
/// store that cannot be written, a NaN) leaves the store as it was and is reported on the
/// standard error stream, which the daemon's journal keeps: a setter cannot throw.
@propertyWrapper
public struct AppStorage<Value: Codable>: DynamicProperty {
    @Environment(StoreKey.self) private var store
    private let pointer: JSONPointer
    private let defaultValue: Value

    public init(wrappedValue: Value, _ key: String) {
        self.defaultValue = wrappedValue
        self.pointer = key.hasPrefix("/") ? JSONPointer(declared: key, in: "@AppStorage") : JSONPointer(tokens: ["settings", key])
    }

    public var wrappedValue: Value {
        get {
            guard let json = store?.trackedValue(at: pointer) else { return defaultValue }
            return (try? StoreCoding.decode(Value.self, from: json)) ?? defaultValue
        }
        nonmutating set {
            guard let store else { return }
            do {
                try store.set(StoreCoding.encode(newValue, for: store), at: pointer)
            } catch {
                let message = "@AppStorage(\"\(pointer)\"): not written: \(StoreCoding.describe(error))\n"
                FileHandle.standardError.write(Data(message.utf8))
            }
        }
    }

    public var projectedValue: Binding<Value> {
        Binding(get: { wrappedValue }, set: { wrappedValue = $0 })
    }
}
