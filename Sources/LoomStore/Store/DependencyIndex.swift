import LoomGraph
import LoomJSON

/// Which views read which paths, and how (docs/store.md, "fine-grained dependencies").
///
/// A trie over path tokens; each entry may hold two dependencies:
/// - *value*: readers of the whole value at the path (a leaf, or a subtree as one value);
/// - *members*: readers of only a container's membership (its keys, count and order).
///
/// What one change wakes:
///
/// | change at P | value readers of P and everything under P | members readers of P and under | value readers of P's ancestors | members readers of P's parent | readers of later array elements |
/// |---|---|---|---|---|---|
/// | replaced | yes | yes | yes | no | no |
/// | inserted (object member) | yes | yes | yes | yes | — |
/// | removed (object member) | yes | yes | yes | yes | — |
/// | inserted / removed (array element) | yes | yes | yes | yes | yes (indices shifted) |
///
/// So setting `/items/42/liked` wakes readers of that leaf and of the whole value of `/items/42`,
/// `/items` and the root, but not readers of `/items`' membership; inserting an item wakes them.
/// Work is proportional to the readers registered at and under the path, never to the document.
/// Entries nobody depends on any more are swept away once the index has doubled since the last sweep.
final class DependencyIndex {
    final class Entry {
        var children: [String: Entry] = [:]
        var value: Dependency?
        var members: Dependency?

        var isEmpty: Bool {
            children.isEmpty && !(value?.hasDependents ?? false) && !(members?.hasDependents ?? false)
        }
    }

    private let root = Entry()
    private var entryCount = 0
    private var sweepThreshold = 1_024

    /// The dependency of readers of the whole value at `pointer`.
    func value(_ pointer: JSONPointer) -> Dependency {
        dependency(pointer, .value)
    }

    /// The dependency of readers of the membership of the container at `pointer`.
    func members(_ pointer: JSONPointer) -> Dependency {
        dependency(pointer, .members)
    }

    /// Which of an entry's two dependencies (not a key path: its projection would cost more
    /// than the walk down the trie).
    private enum Slot { case value, members }

    private func dependency(_ pointer: JSONPointer, _ slot: Slot) -> Dependency {
        let entry = self.entry(pointer)
        if let dependency = slot == .value ? entry.value : entry.members { return dependency }
        let dependency = Dependency(cause: .store(pointer.description))
        if slot == .value { entry.value = dependency } else { entry.members = dependency }
        return dependency
    }

    private func entry(_ pointer: JSONPointer) -> Entry {
        var entry = root
        for token in pointer.tokens {
            if let child = entry.children[token] {
                entry = child
            } else {
                let child = Entry()
                entry.children[token] = child
                entryCount += 1
                entry = child
            }
        }
        if entryCount > sweepThreshold { sweep() }
        return entry
    }

    func notify(_ change: Change) {
        let pointer = change.pointer
        var entry: Entry? = root
        var parent: Entry?
        for token in pointer.tokens {
            entry?.value?.changed()
            parent = entry
            entry = entry?.children[token]
            if entry == nil { break }
        }
        if let entry { wakeSubtree(entry) }
        switch change {
        case .replaced:
            break
        case .inserted(_, let inArray), .removed(_, let inArray):
            guard let parent else { break }
            parent.members?.changed()
            if inArray, let moved = pointer.lastToken.flatMap(JSONPointer.arrayIndex) {
                for (token, sibling) in parent.children where (JSONPointer.arrayIndex(token) ?? -1) > moved {
                    wakeSubtree(sibling)
                }
            }
        }
    }

    private func wakeSubtree(_ top: Entry) {
        var stack = [top]
        while let entry = stack.popLast() {
            entry.value?.changed()
            entry.members?.changed()
            stack.append(contentsOf: entry.children.values)
        }
    }

    /// Drops entries nobody depends on (post-order, without recursion).
    private func sweep() {
        var remaining = 0
        var stack: [(Entry, visited: Bool)] = [(root, false)]
        while let (entry, visited) = stack.popLast() {
            if visited {
                entry.children = entry.children.filter { !$0.value.isEmpty }
                remaining += entry.children.count
            } else {
                stack.append((entry, true))
                for child in entry.children.values { stack.append((child, false)) }
            }
        }
        entryCount = remaining
        sweepThreshold = max(1_024, remaining * 2)
    }
}
