import LoomCells
import LoomGraph
import LoomLayout
import Testing

@Suite("Grapheme clusters and widths")
struct ClusterTests {
    @Test(arguments: [
        ("abc", [1, 1, 1]),
        ("日本", [2, 2]),                                   // East Asian wide
        ("e\u{301}", [1]),                                  // combining mark: one cluster
        ("👨‍👩‍👧", [2]),                                        // ZWJ sequence
        ("🇰🇷🇯🇵", [2, 2]),                                   // regional-indicator flags
        ("❤️", [2]),                                         // emoji presentation selector
        ("한글", [2, 2]),                                   // Hangul syllables
        ("a\tb", [1, 1]),                                   // controls are not drawn
    ] as [(String, [Int])])
    func eachScriptTakesTheCellsATerminalGivesIt(text: String, widths: [Int]) {
        #expect(Cluster.clusters(of: text).map(\.width) == widths, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func aTextsWidthIsItsClustersAndPrintableASCIIIsOneClusterPerCharacter() {
        #expect(Cluster.width(of: "日本語 ok") == 9)
        // Printable ASCII takes a shortcut past segmentation: one cluster per character.
        #expect(Cluster.clusters(of: " job ~42!").map(\.text) == [" ", "j", "o", "b", " ", "~", "4", "2", "!"])
    }
}

@Suite("Text layout")
struct LineBreakerTests {
    private func lines(_ text: String, _ width: Int?, _ options: TextOptions = TextOptions()) -> [String] {
        LineBreaker.lines(text, width: width, options: options).map(\.text)
    }

    @Test func wrapsAtSpacesAndInsideWordsOnlyWhenAWordIsLongerThanALine() {
        #expect(lines("the quick brown fox", 10) == ["the quick", "brown fox"])
        #expect(lines("abcdefghijkl", 5) == ["abcde", "fghij", "kl"])
        #expect(lines("one\ntwo three", 20) == ["one", "two three"])
        #expect(lines("natural width", nil) == ["natural width"])
    }

    @Test func aWideClusterThatDoesNotFitStartsTheNextLine() {
        #expect(lines("ab日本", 3) == ["ab", "日", "本"])
        #expect(lines("a👨‍👩‍👧b", 2) == ["a", "👨‍👩‍👧", "b"])
        #expect(lines("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func lineLimitTruncatesTheLastLineWithAnEllipsis() {
        #expect(lines("the quick brown fox jumps", 10, TextOptions(lineLimit: 2)) == ["the quick", "brown fox…"])
        #expect(lines("short", 10, TextOptions(lineLimit: 2)) == ["short"])
    }

    @Test func truncationModesCutAtTheTailHeadOrMiddle() {
        #expect(lines("abcdefghij", 5, TextOptions(lineLimit: 1)) == ["abcd…"])
        #expect(lines("abcdefghij", 5, TextOptions(lineLimit: 1, truncation: .head)) == ["…ghij"])
        #expect(lines("abcdefghij", 5, TextOptions(lineLimit: 1, truncation: .middle)) == ["ab…ij"])
        #expect(lines("日本語テキスト", 6, TextOptions(lineLimit: 1)) == ["日本…"], "never half a cluster")
        #expect(lines("🇰🇷🇯🇵🇺🇸", 4, TextOptions(lineLimit: 1, truncation: .head)) == ["…🇺🇸"])
    }

    /// A layout measures a text once at no width and keeps those lines for every width at least
    /// that wide, so the two must agree — also for a text whose newlines give it more lines than
    /// its limit (its last line ends with `…` wherever it is cut).
    @Test func anyWidthAtLeastTheNaturalWidthGivesTheNaturalLines() {
        #expect(lines("one\ntwo three", nil, TextOptions(lineLimit: 1)) == ["one two three…"])
        #expect(lines("one\ntwo three", 14, TextOptions(lineLimit: 1)) == ["one two three…"])
        #expect(lines("one\ntwo three", 13, TextOptions(lineLimit: 1)) == ["one two thre…"])
        #expect(lines("one\ntwo three", nil, TextOptions(lineLimit: 1, truncation: .head)) == ["one two three"])
        for text in ["one\ntwo three", "a\nb\nc", "a\n", "\n", "x\ty\nz", "the quick brown fox"] {
            for limit in [nil, 1, 2] as [Int?] {
                for truncation in [TruncationMode.tail, .head, .middle] {
                    let options = TextOptions(lineLimit: limit, truncation: truncation)
                    let natural = LineBreaker.lines(text, width: nil, options: options)
                    let naturalWidth = natural.map(\.width).max() ?? 0
                    for width in Swift.max(naturalWidth, 1)...(naturalWidth + 3) {
                        #expect(LineBreaker.lines(text, width: width, options: options) == natural,
                                "\(text.debugDescription) at \(width), \(options)")
                    }
                }
            }
        }
    }
}

/// A cluster longer than a cell may hold is cut to fit, at a scalar: its base and the marks
/// nearest it; the daemon never sends a cell a viewer must refuse.
@Suite("Clusters past the cell limit")
struct ClusterLimitTests {
    @Test func aClusterPastTheCellLimitKeepsTheScalarsThatFit() {
        let long = "e" + String(repeating: "\u{301}", count: 40)
        let clusters = Cluster.clusters(of: "a" + long + "b")
        #expect(clusters.map(\.width) == [1, 1, 1])
        #expect(clusters[1].text.utf8.count <= Cell.maximumBytes)
        #expect(clusters[1].text.unicodeScalars.count == 32, "e and 31 marks of two bytes: 63 bytes")
        #expect(Snapshot.render(Text(long), width: 3, height: 1) == clusters[1].text)
    }
}
