import LoomJSON
import LoomSceneDocuments
import LoomStore

/// What a document's controls write: a button's patch, a toggle's or picker's value. Each is one
/// transaction of the store, as a client's `patch` or `set` is — all of it or none, committed
/// with the turn's others, seen by watches and every viewer — and the daemon logs whose input it
/// was. A patch that fails (its `test` no longer holds, a path that names nothing) changes nothing.
enum DocumentActions {
    static func apply(_ steps: [PatchStep], reader: DocumentReader) {
        guard let store = reader.store else { return }
        var operations: [JSONValue] = []
        for step in steps {
            guard let path = reader.pointer(step.path) else { return }
            var operation = JSONObject()
            operation["op"] = .string(step.op)
            operation["path"] = .string(path.description)
            if let from = step.from {
                guard let pointer = reader.pointer(from) else { return }
                operation["from"] = .string(pointer.description)
            }
            if let value = step.value { operation["value"] = reader.value(value) ?? .null }
            operations.append(.object(operation))
        }
        _ = try? store.apply(patch: .array(operations))
    }

    static func write(_ value: JSONValue, to path: DataPath, reader: DocumentReader) {
        guard let store = reader.store, let pointer = reader.pointer(path) else { return }
        _ = try? store.set(value, at: pointer)
    }
}
