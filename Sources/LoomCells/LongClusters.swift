import Synchronization

/// The clusters too long to be stored in a cell (`CellText.inlineCapacity`), each stored once
/// for the life of the process and known by its number. Cells of a grid, of frames and of
/// viewers' screens refer to them by number, so no entry is ever removed.
final class LongClusters: Sendable {
    static let shared = LongClusters()

    /// Distinct long clusters kept: a bound on what a client's data can make the process hold
    /// for ever (each at most `Cell.maximumBytes`, so about 2 MB). Unicode's ZWJ emoji
    /// sequences number about 1,500; past the bound a new long cluster is cut to the scalars
    /// that fit in a cell (its base character and the marks nearest it: a family emoji shows
    /// its first members), and is drawn, not lost.
    static let maximumCount = 16_384

    /// Keyed by bytes: `String`'s equality would merge canonically equivalent spellings.
    private struct State {
        var texts: [[UInt8]] = []
        var numbers: [[UInt8]: UInt32] = [:]
    }

    private let state = Mutex(State())
    private let maximumCount: Int

    init(maximumCount: Int = LongClusters.maximumCount) {
        self.maximumCount = maximumCount
    }

    /// The cluster's number, given it the first time; nil when the table is full.
    func number(of text: [UInt8]) -> UInt32? {
        state.withLock { state in
            if let number = state.numbers[text] { return number }
            guard state.texts.count < maximumCount else { return nil }
            let number = UInt32(state.texts.count)
            state.texts.append(text)
            state.numbers[text] = number
            return number
        }
    }

    func text(numbered number: UInt32) -> [UInt8] {
        state.withLock { $0.texts[Int(number)] }
    }

    /// Long clusters kept: what tests bound.
    var count: Int { state.withLock { $0.texts.count } }
}
