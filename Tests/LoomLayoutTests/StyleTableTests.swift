import LoomCells
import Testing

@Suite("A style table gives each style one id")
struct StyleTableTests {
    /// The last lookup is remembered: whatever the order of lookups (the same style twice,
    /// another between, one new after a known one), a style keeps the id it was first given,
    /// and an id names its style.
    @Test func aStyleKeepsItsIdWhateverTheOrderOfLookups() {
        let styles = StyleTable()
        let red = Style(foreground: .red), bold = Style(attributes: .bold), both = Style(foreground: .red, attributes: .bold)
        let sequence = [red, red, bold, red, .plain, both, bold, both, red]
        var first: [Style: StyleID] = [.plain: .plain]
        for style in sequence {
            let id = styles.id(for: style)
            #expect(id == first[style, default: id], "\(style) changed its id")
            first[style] = id
            #expect(styles[id] == style)
        }
        #expect(Set(first.values).count == 4)
        #expect(styles.styles.count == 4)
    }
}
