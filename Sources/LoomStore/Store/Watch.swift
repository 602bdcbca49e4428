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
struct Watches {
    private var handlers: [Int: (path: JSONPointer, deliver: ([WatchEvent]) -> Void)] = [:]
    private var nextID = 1
    private var pending: [JSONPointer: Int64] = [:]

    var isEmpty: Bool { handlers.isEmpty }

    mutating func add(_ path: JSONPointer, _ deliver: @escaping ([WatchEvent]) -> Void) -> WatchToken {
        defer { nextID += 1 }
        handlers[nextID] = (path, deliver)
        return WatchToken(id: nextID)
    }

    mutating func remove(_ token: WatchToken) {
        handlers[token.id] = nil
        if handlers.isEmpty { pending.removeAll() }
    }

    mutating func record(_ change: Change, revision: Int64) {
        guard !handlers.isEmpty else { return }
        switch change {
        case .inserted(let pointer, inArray: true), .removed(let pointer, inArray: true):
            pending[pointer.parent ?? .root] = revision
        default:
            pending[change.pointer] = revision
        }
    }

    /// Hands each watch the coalesced changes at or under its path (a change of an ancestor
    /// counts as a change of the watched path itself).
    mutating func flush(reading value: (JSONPointer) -> JSONValue?) {
        guard !pending.isEmpty else { return }
        let changes = pending.sorted { $0.key < $1.key }
        pending.removeAll(keepingCapacity: true)
        for (_, watch) in handlers.sorted(by: { $0.key < $1.key }) {
            var events: [JSONPointer: Int64] = [:]
            for (path, revision) in changes {
                if path.isWithin(watch.path) {
                    events[path] = max(events[path] ?? 0, revision)
                } else if watch.path.isWithin(path) {
                    events[watch.path] = max(events[watch.path] ?? 0, revision)
                }
            }
            guard !events.isEmpty else { continue }
            watch.deliver(events.sorted { $0.key < $1.key }.map { WatchEvent(path: $0.key, revision: $0.value, value: value($0.key)) })
        }
    }
}
