import LoomCells
import LoomLayout

/// A small deterministic generator (SplitMix64), so property tests are the same every run.
public struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Clusters of every width and kind: ASCII, CJK, a ZWJ family, a combining mark, a flag.
private let palette: [Cluster] = ["a", "b", " ", "日", "👨‍👩‍👧", "e\u{301}", "🇰🇷", "x"].flatMap { Cluster.clusters(of: $0) }

/// A grid with a random number of random clusters in styles 0–3 at random places (wide ones
/// keep the grid's invariant, as every write does).
public func randomGrid(width: Int, height: Int, using generator: inout SplitMix) -> CellGrid {
    var grid = CellGrid(width: width, height: height)
    for _ in 0..<Int.random(in: 0...(width * height), using: &generator) {
        grid.put(palette.randomElement(using: &generator)!, style: StyleID(rawValue: UInt32.random(in: 0...3, using: &generator)),
                 row: Int.random(in: 0..<height, using: &generator), column: Int.random(in: 0..<width, using: &generator), clip: grid.bounds)
    }
    return grid
}
