/// A JSON object that keeps its members in insertion order: a script that adds jobs 1, 2, 3 sees
/// them listed 1, 2, 3. Equality ignores order, as JSON's does.
///
/// Members live in one array in insertion order. Small objects (most of them) are searched
/// linearly; past `indexThreshold` members an index of their positions by key hash is kept
/// too (`HashedPositions`). Removing a member leaves a tombstone (O(1)); tombstones are
/// compacted away when they outnumber the live members. Replacing a member keeps its place.
///
/// The key index and the tombstone count live out of line, made only for objects that need
/// them: the object is two references, so a `JSONValue` is 17 bytes, not 25 (what that saves a
/// large document is in docs/BENCHMARKS.md).
public struct JSONObject: Sendable, Hashable, Sequence {
    private struct Entry: Sendable {
        let key: String
        /// nil: removed (a tombstone).
        var value: JSONValue?
    }

    /// What large or shrunk objects keep besides their members; copied on write.
    private final class Bookkeeping: @unchecked Sendable {
        /// Present exactly while the object has more than `indexThreshold` entries.
        var index: HashedPositions?
        var tombstones = 0

        init() {}

        init(copying other: Bookkeeping) {
            index = other.index
            tombstones = other.tombstones
        }
    }

    private static let indexThreshold = 8

    private var entries: [Entry] = []
    private var bookkeeping: Bookkeeping?

    public init() {}

    /// An object of these members in their order (a repeated key replaces the earlier value, in
    /// its place), its storage as large as they need: the parser collects members before it
    /// makes the object, so a three-member object takes 160 bytes rather than the 208 that
    /// growing by appends leaves it.
    init(_ members: ArraySlice<(key: String, value: JSONValue)>) {
        entries.reserveCapacity(members.count)
        for (key, value) in members { self[key] = value }
    }

    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    private var tombstones: Int { bookkeeping?.tombstones ?? 0 }

    /// The bookkeeping, made or copied so that this object alone holds it.
    private mutating func ownBookkeeping() -> Bookkeeping {
        if bookkeeping == nil {
            bookkeeping = Bookkeeping()
        } else if !isKnownUniquelyReferenced(&bookkeeping) {
            bookkeeping = Bookkeeping(copying: bookkeeping!)
        }
        return bookkeeping!
    }

    public var count: Int { entries.count - tombstones }
    public var isEmpty: Bool { count == 0 }

    /// The member keys, in insertion order.
    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        for entry in entries where entry.value != nil { keys.append(entry.key) }
        return keys
    }

    private func slot(of key: String) -> Int? {
        if let index = bookkeeping?.index {
            return index.first(hash: key.hashValue) { entries[$0].key == key && entries[$0].value != nil }
        }
        return entries.firstIndex { $0.key == key && $0.value != nil }
    }

    public subscript(key: String) -> JSONValue? {
        get { slot(of: key).flatMap { entries[$0].value } }
        set {
            if let slot = slot(of: key) {
                entries[slot].value = newValue
                // The index keeps a removed member's position; lookups skip it as a tombstone.
                if newValue == nil { ownBookkeeping().tombstones += 1 }
            } else if let newValue {
                if tombstones > count && tombstones > Self.indexThreshold { compact() }
                entries.append(Entry(key: key, value: newValue))
                if entries.count > Self.indexThreshold {
                    let bookkeeping = ownBookkeeping()
                    if bookkeeping.index == nil || bookkeeping.index!.isFull {
                        rebuildIndex()
                    } else {
                        bookkeeping.index!.insert(entries.count - 1, hash: key.hashValue)
                    }
                }
            }
        }
    }

    /// The position of a member among the members, in insertion order.
    public func index(of key: String) -> Int? {
        guard let slot = slot(of: key) else { return nil }
        if tombstones == 0 { return slot }
        return entries[..<slot].reduce(0) { $0 + ($1.value == nil ? 0 : 1) }
    }

    /// Puts a member back at a position (undoing its removal keeps the order it had). O(members).
    package mutating func insert(_ value: JSONValue, forKey key: String, at position: Int) {
        precondition(slot(of: key) == nil)
        compact()
        entries.insert(Entry(key: key, value: value), at: Swift.min(position, entries.count))
        rebuildIndex()
    }

    /// Mutates a member in place without copying it (the member is moved out, then back).
    package mutating func modify<Result>(_ key: String, _ body: (inout JSONValue) throws -> Result) rethrows -> Result? {
        guard let slot = slot(of: key), var value = entries[slot].value else { return nil }
        entries[slot].value = .null
        defer { entries[slot].value = value }
        return try body(&value)
    }

    private mutating func compact() {
        guard tombstones > 0 else { return }
        entries.removeAll { $0.value == nil }
        ownBookkeeping().tombstones = 0
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            // Small again: no index; bookkeeping only while tombstones remain.
            if tombstones == 0 { bookkeeping = nil } else { ownBookkeeping().index = nil }
            return
        }
        // Room for as many again: a full table doubles, so appends cost amortized O(1).
        var index = HashedPositions(room: entries.count + 1)
        for (slot, entry) in entries.enumerated() where entry.value != nil { index.insert(slot, hash: entry.key.hashValue) }
        ownBookkeeping().index = index
    }

    /// Slots in insertion order, removed members' included: a walk that keeps its place by a
    /// number (the writer's, which must not copy every object's members to walk them).
    var slotCount: Int { entries.count }

    /// The member in `slot`; nil for a removed one.
    func member(inSlot slot: Int) -> (key: String, value: JSONValue)? {
        entries[slot].value.map { (entries[slot].key, $0) }
    }

    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var slot = 0
        let entries = entries
        return AnyIterator {
            while slot < entries.count {
                defer { slot += 1 }
                if let value = entries[slot].value { return (entries[slot].key, value) }
            }
            return nil
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Independent of member order, like equality.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined &+= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
