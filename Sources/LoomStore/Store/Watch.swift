import LoomJSON
/// One change a watch reports: the path that changed under the watched one, the revision that
/// last changed it, and its value now (nil when it was removed).
public struct WatchEvent: Sendable, Equatable {
    public let path: JSONPointer
    public let revision: Int64
    public let value: JSONValue?
}

/// A subscription to the changes under a path; keep it to cancel it.
public struct WatchToken: Sendable, Hashable {
    let id: Int
    let path: JSONPointer
}

/// A `Store.wait`, to cancel it.
public struct WaitToken: Sendable, Hashable {
    let id: Int
}

/// Watches and the changes waiting for them, delivered once per loop turn (`Store.flushWatches`):
/// several changes of one path in a turn are one event with the latest revision and value.
/// Changes are recorded only while some watch exists; bounded by the paths changed in one turn.
///
/// A watcher that applies each event in order (the value set at the path, or the path removed
/// when the event has none) holds what the store holds. Coalescing per path keeps that exact
/// because each event carries the path's value at delivery, and events come in path order,
/// ancestors first. An insertion or removal in an array moves every element after it, so it is
/// reported as a change of the array itself: element paths name other elements afterwards.
///
/// A watch reports the changes after the revision it was made at, none before, even those of
/// the same turn. A resumed watch (`Store.watch(_:since:_:)`) is handed, with its first
/// delivery, the changes it missed (its `seed`), coalesced like any turn's.
///
/// The watches are indexed by path in a trie, so a turn's delivery costs, per changed path, its
/// depth and the watches it matches: never the watches elsewhere (twenty thousand watches of
/// other paths cost a `set` nothing).
struct Watches {
    typealias Deliver = ([WatchEvent]) -> Void

    private struct Watch {
        let deliver: Deliver
        /// Changes up to this revision are not this watch's: it was made after them.
        let after: Int64
    }

    private final class Node {
        var children: [String: Node] = [:]
        var watches: [Int: Watch] = [:]
    }

    private let root = Node()
    private var count = 0
    private var nextID = 1
    private var pending: [JSONPointer: Int64] = [:]
    /// Resumed watches' missed changes, by watch: delivered with the next flush.
    private var seeds: [Int: (deliver: Deliver, events: [JSONPointer: Int64])] = [:]
    /// Trie nodes the deliveries looked at, since the start: what the tests count.
    private(set) var nodesVisited = 0

    var isEmpty: Bool { count == 0 }

    mutating func add(_ path: JSONPointer, after revision: Int64, seed: [JSONPointer: Int64] = [:], _ deliver: @escaping Deliver) -> WatchToken {
        defer { nextID += 1 }
        var node = root
        for token in path.tokens {
            if let child = node.children[token] {
                node = child
            } else {
                let child = Node()
                node.children[token] = child
                node = child
            }
        }
        node.watches[nextID] = Watch(deliver: deliver, after: revision)
        if !seed.isEmpty { seeds[nextID] = (deliver, seed) }
        count += 1
        return WatchToken(id: nextID, path: path)
    }

    /// Forgets a watch, and the trie's nodes that led only to it.
    mutating func remove(_ token: WatchToken) {
        var trail = [root]
        for token in token.path.tokens {
            guard let child = trail[trail.count - 1].children[token] else { return }
            trail.append(child)
        }
        guard trail[trail.count - 1].watches.removeValue(forKey: token.id) != nil else { return }
        seeds[token.id] = nil
        count -= 1
        for depth in stride(from: token.path.tokens.count, to: 0, by: -1) {
            let node = trail[depth]
            guard node.watches.isEmpty, node.children.isEmpty else { break }
            trail[depth - 1].children[token.path.tokens[depth - 1]] = nil
        }
        if count == 0 { pending.removeAll() }
    }

    mutating func record(_ change: Change, revision: Int64) {
        guard count > 0 else { return }
        switch change {
        case .inserted(let pointer, inArray: true), .removed(let pointer, inArray: true):
            pending[pointer.parent ?? .root] = revision
        default:
            pending[change.pointer] = revision
        }
    }

    /// Hands each watch the coalesced changes at or under its path (a change of an ancestor
    /// counts as a change of the watched path itself), in the order the watches were made.
    mutating func flush(reading value: (JSONPointer) -> JSONValue?) {
        guard !pending.isEmpty || !seeds.isEmpty else { return }
        var matched = seeds
        seeds.removeAll()
        func match(_ node: Node, at path: JSONPointer, revision: Int64) {
            nodesVisited += 1
            for (id, watch) in node.watches where revision > watch.after {
                matched[id, default: (watch.deliver, [:])].events[path] = max(matched[id]?.events[path] ?? 0, revision)
            }
        }
        for (path, revision) in pending {
            // Watches of the path and of its ancestors: the change is at or under their paths.
            var node: Node? = root
            for token in path.tokens {
                guard let current = node else { break }
                match(current, at: path, revision: revision)
                node = current.children[token]
            }
            guard let changed = node else { continue }
            match(changed, at: path, revision: revision)
            // Watches under it: their own paths changed with it.
            var below: [(Node, JSONPointer)] = changed.children.map { ($0.value, JSONPointer(tokens: path.tokens + [$0.key])) }
            while let (node, path) = below.popLast() {
                match(node, at: path, revision: revision)
                below += node.children.map { ($0.value, JSONPointer(tokens: path.tokens + [$0.key])) }
            }
        }
        pending.removeAll(keepingCapacity: true)
        for (_, watch) in matched.sorted(by: { $0.key < $1.key }) {
            watch.deliver(watch.events.sorted { $0.key < $1.key }.map { WatchEvent(path: $0.key, revision: $0.value, value: value($0.key)) })
        }
    }
}
