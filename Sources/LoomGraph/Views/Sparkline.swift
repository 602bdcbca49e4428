/// A series of numbers drawn as one row of block glyphs, `▁▂▃▄▅▆▇█`, one cell per value, oldest
/// on the left: how a load or a latency moved lately, in the width of a word. Not a SwiftUI view
/// (Swift Charts draws one on Apple's systems); Loom's own, for a terminal.
///
/// Values are scaled to `range` (by default from the least to the greatest shown; a flat series
/// sits at the bottom); a value outside it is drawn at its edge, one that is not finite as a
/// space. Where the row is narrower than the series, the oldest values give way, so the newest
/// are always in view. At most `maximumValues` (the newest) are drawn.
public struct Sparkline: View, Equatable {
    let values: [Double]
    let range: ClosedRange<Double>?

    /// Values drawn, the newest ones: wider than any terminal.
    public static let maximumValues = 1_024

    public init<S: Sequence>(_ values: S, in range: ClosedRange<Double>? = nil) where S.Element: BinaryFloatingPoint {
        self.values = values.suffix(Self.maximumValues).map(Double.init)
        self.range = range
    }

    static let glyphs: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The glyphs of the series.
    var glyphLine: String {
        let finite = values.filter(\.isFinite)
        guard let least = range?.lowerBound ?? finite.min(), let greatest = range?.upperBound ?? finite.max() else {
            return String(repeating: " ", count: values.count)
        }
        let span = greatest - least
        return String(values.map { value -> Character in
            guard value.isFinite else { return " " }
            guard span > 0 else { return Self.glyphs[0] }
            let step = ((value - least) / span * Double(Self.glyphs.count - 1)).rounded()
            return Self.glyphs[Int(Swift.min(Swift.max(step, 0), Double(Self.glyphs.count - 1)))]
        })
    }

    public var body: some View {
        Text(verbatim: glyphLine).lineLimit(1).truncationMode(.head)
    }
}
