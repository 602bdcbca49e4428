import LoomGraph
import LoomJSON

/// How many members of a container have each value of one of their own members: the jobs of
/// `/jobs` by `status`. A view that shows such counts would otherwise read every member's
/// value, so it would depend on a million paths and be evaluated again, reading them all, at
/// each status change. Kept up to date from each transaction's edits instead: a change costs
/// the members it touched, and readers are invalidated only when a count changed.
///
/// The old value of a touched member comes from the transaction's undo log (its earliest entry
/// for that member holds the value from before the transaction). Edits the log cannot answer
/// cheaply — the container itself replaced, array elements shifted, an edit inside the counted
/// value — count everything again, once for the transaction.
final class MemberCounts {
    let container: JSONPointer
    let member: String
    let dependency: Dependency
    private(set) var counts: [JSONValue: Int] = [:]
    /// Times every member was counted (the first count included): what the tests count.
    private(set) var recounts = 0

    init(container: JSONPointer, member: String, document: Document) {
        self.container = container
        self.member = member
        dependency = Dependency(cause: .store("\(container.description) counted by \(member)"))
        counts = count(in: document)
    }

    private func count(in document: Document) -> [JSONValue: Int] {
        recounts += 1
        return Self.count(container, member, in: document)
    }

    private static func count(_ container: JSONPointer, _ member: String, in document: Document) -> [JSONValue: Int] {
        var counts: [JSONValue: Int] = [:]
        func add(_ value: JSONValue) {
            if let counted = value[member] { counts[counted, default: 0] += 1 }
        }
        switch document.value(at: container) {
        case .object(let object)?: for (_, value) in object { add(value) }
        case .array(let elements)?: elements.forEach(add)
        default: break
        }
        return counts
    }

    /// Brings the counts up to date after a transaction; returns whether any count changed.
    func update(after log: Document.EditLog, in document: Document) -> Bool {
        let depth = container.tokens.count
        // Inserting or removing an array element renumbers the ones after it; object members keep their keys.
        var inArray = false
        if case .array? = document.value(at: container) { inArray = true }
        var before: [String: JSONValue?] = [:]
        var recount = false
        /// An edit at `pointer`, which held `old` before it (nil: nothing); `shifts`: it inserted
        /// or removed an array element, moving the ones after it.
        func edited(_ pointer: JSONPointer, old: JSONValue?, shifts: Bool) {
            if container.isWithin(pointer) {
                recount = true
                return
            }
            guard pointer.isWithin(container) else { return }
            if shifts && inArray && pointer.tokens.count == depth + 1 {
                recount = true
                return
            }
            let key = pointer.tokens[depth]
            guard before[key] == nil else { return }
            let inside = pointer.tokens.dropFirst(depth + 1)
            if inside.isEmpty {
                before[key] = .some(old?[member])
            } else if inside.first == member {
                if inside.count == 1 { before[key] = .some(old) } else { recount = true }
            }
        }
        for undo in log.undo {
            switch undo {
            case .setRoot: recount = true
            case .replace(let pointer, let old): edited(pointer, old: old, shifts: false)
            case .remove(let pointer): edited(pointer, old: nil, shifts: true)
            case .insertMember(let parent, let key, let value, _): edited(parent.appending(key), old: value, shifts: false)
            case .insertElement(let parent, let index, let value): edited(parent.appending(String(index)), old: value, shifts: true)
            }
            if recount { break }
        }
        if recount {
            let recounted = count(in: document)
            defer { counts = recounted }
            return recounted != counts
        }
        var changed = false
        for (key, old) in before {
            let new = document.value(at: container.appending(key))?[member]
            guard old != new else { continue }
            if let old {
                counts[old, default: 0] -= 1
                if counts[old] == 0 { counts[old] = nil }
            }
            if let new { counts[new, default: 0] += 1 }
            changed = true
        }
        return changed
    }
}
