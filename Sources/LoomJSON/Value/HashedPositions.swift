/// Positions in an array, found by their elements' hashes: an open-addressing table (linear
/// probing) of 32-bit positions that knows nothing of the elements themselves.
///
/// `JSONObject` indexes its members with it. A `[String: Int]` would hold a second copy of every
/// key and a position, 24 bytes per bucket; this holds 4. The caller compares keys (`first(hash:where:)`), which
/// also lets it skip the positions of removed members: those stay in the table, as probe-chain
/// filler, until the caller rebuilds it.
struct HashedPositions: Sendable {
    /// Position + 1 per bucket; 0 is an empty bucket. The count is a power of two.
    private var buckets: [UInt32]
    /// Positions inserted (the table never forgets one).
    private(set) var count = 0

    /// A table that takes `positions` insertions before it is full (at most half its buckets).
    init(room positions: Int) {
        var capacity = 16
        while capacity < positions * 2 { capacity *= 2 }
        buckets = Array(repeating: 0, count: capacity)
    }

    /// Whether one more insertion would fill the table beyond half its buckets.
    var isFull: Bool { (count + 1) * 2 > buckets.count }

    /// The first position with this hash that `matches` accepts.
    func first(hash: Int, where matches: (Int) -> Bool) -> Int? {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != 0 {
            let position = Int(buckets[bucket]) - 1
            if matches(position) { return position }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    mutating func insert(_ position: Int, hash: Int) {
        precondition(!isFull && position < Int(UInt32.max), "HashedPositions: no room for position \(position)")
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = UInt32(position + 1)
        count += 1
    }
}
