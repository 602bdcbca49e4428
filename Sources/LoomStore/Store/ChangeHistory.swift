import LoomJSON

/// The paths the journal's transactions after some revision changed, each with the last
/// revision that changed it: what a watch resumed from that revision missed
/// (`Store.watch(_:since:_:)`).
///
/// The journal keeps the operations performed, which name the paths they edited but not whether
/// an added or removed member was an array's element. An insertion or removal whose last token
/// could be an array index is taken for a change of its parent, as `Watches.record` reports an
/// array's (the array's later elements moved with it), unless the parent is an object now. That
/// is exact: a parent that was an array then and is an object now was replaced since, and that
/// later change, of the parent or an ancestor, is in the history too and reports it whole.
struct ChangeHistory {
    private var latest: [JSONPointer: Int64] = [:]
    /// `latest`'s paths in order: the paths under one follow it, together.
    private let sorted: [JSONPointer]

    /// `isObject` says whether the document holds an object at a path now.
    init(_ transactions: [(revision: Int64, operations: [PatchOperation])], isObject: (JSONPointer) -> Bool) {
        var latest: [JSONPointer: Int64] = [:]
        for (revision, operations) in transactions {
            for operation in operations {
                for path in Self.changedPaths(operation, isObject: isObject) { latest[path] = revision }
            }
        }
        self.latest = latest
        sorted = latest.keys.sorted()
    }

    private static func changedPaths(_ operation: PatchOperation, isObject: (JSONPointer) -> Bool) -> [JSONPointer] {
        func moving(_ path: JSONPointer) -> JSONPointer {
            guard let parent = path.parent, let last = path.tokens.last,
                  last == "-" || JSONPointer.arrayIndex(last) != nil && !isObject(parent) else { return path }
            return parent
        }
        switch operation {
        case .replace(let path, _): return [path]
        case .add(let path, _), .remove(let path), .copy(_, let path): return [moving(path)]
        case .move(let from, let to): return [moving(from), moving(to)]
        case .test: return []
        }
    }

    /// What a watch of `watched` missed, as `Watches.flush` would have reported it: a change at
    /// or under it at its own path, a change of an ancestor as a change of `watched` itself.
    func missed(by watched: JSONPointer) -> [JSONPointer: Int64] {
        var missed: [JSONPointer: Int64] = [:]
        var ancestor = JSONPointer.root
        for token in watched.tokens {
            if let revision = latest[ancestor] { missed[watched] = max(missed[watched] ?? 0, revision) }
            ancestor = ancestor.appending(token)
        }
        var index = firstIndex(notBefore: watched)
        while index < sorted.count, sorted[index].isWithin(watched) {
            let path = sorted[index]
            missed[path] = max(missed[path] ?? 0, latest[path] ?? 0)
            index += 1
        }
        return missed
    }

    /// The index of the first path not ordered before `path` (binary search).
    private func firstIndex(notBefore path: JSONPointer) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = low + (high - low) / 2
            if sorted[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
