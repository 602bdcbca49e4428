/// JSON Merge Patch (RFC 7396) at a path, turned into primitive operations so that it changes
/// exactly the members it names: merging `{"status": "ok"}` into `/jobs/3` replaces
/// `/jobs/3/status` and nothing else. Members are visited in the patch's order, so new keys
/// keep that order. Only objects that already exist are descended into (an explicit stack);
/// anything else is written whole, without the patch's `null`s (which mean "remove").
package enum MergePatch {
    package static func operations(merging patch: JSONValue, into target: JSONValue?, at pointer: JSONPointer) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        // Each entry resumes an object of the patch at its `next` member. Its members are listed
        // once (a JSONObject's `keys` is built on each call: indexing it per member was quadratic).
        typealias Members = [(key: String, value: JSONValue)]
        var stack: [(patch: Members, next: Int, target: JSONObject, pointer: JSONPointer)] = []
        guard case .object(let members) = patch, case .object(let existing)? = target else {
            return [.add(pointer, withoutNulls(patch))]
        }
        stack.append((Array(members), 0, existing, pointer))
        while let (patch, next, target, pointer) = stack.popLast() {
            members: for position in next..<patch.count {
                let (key, value) = patch[position]
                let member = pointer.appending(key)
                switch (value, target[key]) {
                case (.null, let current):
                    if current != nil { operations.append(.remove(member)) }
                case (.object(let nested), .object(let current)?):
                    // Later members of this object wait until the nested one is done: order is kept.
                    stack.append((patch, position + 1, target, pointer))
                    stack.append((Array(nested), 0, current, member))
                    break members
                default:
                    operations.append(.add(member, withoutNulls(value)))
                }
            }
        }
        return operations
    }

    /// A value written whole: its `null` members mean "absent" (RFC 7396 §2). What merging
    /// `patch` into nothing gives.
    package static func withoutNulls(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var cleaned = JSONObject()
        cleaned.reserveCapacity(object.count)
        for (key, member) in object where member != .null { cleaned[key] = withoutNulls(member) }
        return .object(cleaned)
    }
}
