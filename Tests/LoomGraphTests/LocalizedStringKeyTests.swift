@testable import LoomGraph
import Testing

@Suite("An interpolated key's text")
struct LocalizedStringKeyTests {
    /// An interpolation kept as plain text until Markdown or a text of its own comes makes the
    /// text its pieces make, parsed as they are: every sequence of up to five pieces of these
    /// literals (markup and not, delimiters that open, close or neither) and values (strings
    /// with markup characters, a styled text).
    @Test func anInterpolationMakesTheTextItsPiecesMake() {
        let literals = ["", "a", " ", "x_", "*", "**b**", "_c_", "`d`", "[e](f)", "\\*", "2 * 3", "~~g~~ "]
        let values: [Text] = [Text(verbatim: ""), Text(verbatim: "1"), Text(verbatim: "*h*"), Text(verbatim: "_"), Text(verbatim: "i").bold()]
        var sequences: [[LocalizedStringKey.Piece]] = [[]]
        var checked = 0
        while let sequence = sequences.popLast() {
            var interpolation = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: 0)
            for piece in sequence {
                switch piece {
                case .literal(let literal): interpolation.appendLiteral(literal)
                case .value(let text):
                    if case .verbatim(let string) = text.content { interpolation.appendInterpolation(string) } else { interpolation.appendInterpolation(text) }
                }
            }
            let pieces = sequence.filter { $0 != .literal("") }
            #expect(LocalizedStringKey(stringInterpolation: interpolation).text == MarkdownInline.text(pieces), "\(sequence)")
            checked += 1
            guard sequence.count < 5 else { continue }
            // Literals and values alternate, as Swift makes them.
            if sequence.count % 2 == 0 {
                sequences += literals.map { sequence + [.literal($0)] }
            } else {
                sequences += values.map { sequence + [.value($0)] }
            }
        }
        #expect(checked > 10_000)
    }
}
