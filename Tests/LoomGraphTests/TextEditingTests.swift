@testable import LoomGraph
import Testing

/// The line editor behind `TextField`: what each edit does to the text and the caret.
@Suite("Editing a line of text")
struct TextEditingTests {
    private func edited(_ text: String, caret: Int? = nil, _ edits: TextEdit...) -> (String, Int) {
        var editing = TextEditing(text: text)
        if let caret { for _ in 0..<(text.count - caret) { editing.apply(.moveLeft) } }
        for edit in edits { editing.apply(edit) }
        return (editing.text, editing.caret)
    }

    @Test func typingInsertsAtTheCaretAndMovesIt() {
        #expect(edited("", .insert("a"), .insert("b")) == ("ab", 2))
        #expect(edited("ac", caret: 1, .insert("b")) == ("abc", 2))
        #expect(edited("abc", .moveToStart, .insert(">")) == (">abc", 1))
    }

    @Test func movesStopAtTheEnds() {
        #expect(edited("ab", .moveRight, .moveRight) == ("ab", 2))
        #expect(edited("ab", .moveLeft, .moveLeft, .moveLeft) == ("ab", 0))
        #expect(edited("ab", .deleteBackward, .deleteBackward, .deleteBackward) == ("", 0))
        #expect(edited("ab", .deleteForward) == ("ab", 2))
    }

    @Test func movesAndDeletionsTakeWholeGraphemeClusters() {
        let family = "👨‍👩‍👧", flag = "🇰🇷", accented = "e\u{301}"
        #expect(edited("a\(family)b", caret: 2, .deleteBackward) == ("ab", 1))
        #expect(edited("日本\(flag)", .deleteBackward) == ("日本", 2))
        #expect(edited("caf\(accented)", .moveLeft, .deleteForward) == ("caf", 3))
        #expect(edited("日本語", caret: 1, .deleteForward) == ("日語", 1))
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        #expect(edited("cafe", .insert("\u{301}")) == ("cafe\u{301}", 4))
    }

    @Test func wordMovesCrossSeparatorsThenTheWord() {
        #expect(edited("deploy web-01 now", .moveWordLeft) == ("deploy web-01 now", 14))
        #expect(edited("deploy web-01 now", .moveWordLeft, .moveWordLeft) == ("deploy web-01 now", 11))
        #expect(edited("deploy web-01 now", .moveToStart, .moveWordRight) == ("deploy web-01 now", 6))
        #expect(edited("deploy web-01 now", .moveToStart, .moveWordRight, .moveWordRight) == ("deploy web-01 now", 10))
        #expect(edited("restart 東京 now ", .deleteWordBackward) == ("restart 東京 ", 11))
    }

    @Test func lineDeletionsTakeWhatIsBeforeOrAfterTheCaret() {
        #expect(edited("abcdef", caret: 2, .deleteToStart) == ("cdef", 0))
        #expect(edited("abcdef", caret: 2, .deleteToEnd) == ("ab", 2))
    }

    @Test func aPasteIsOneLineWithoutControlCharacters() {
        #expect(edited("", .insert("one\ntwo\r\nthree\tfour")) == ("one two three four", 18))
        #expect(edited("", .insert("a\u{1B}[31mb\u{7}c")) == ("a[31mbc", 7))
    }

    @Test func theTextStopsGrowingAtItsMaximumAndKeepsWhatFits() {
        var editing = TextEditing(text: String(repeating: "x", count: TextEditing.maximumCharacters - 2))
        editing.apply(.insert("abcdef"))
        #expect(editing.text.count == TextEditing.maximumCharacters)
        #expect(editing.text.hasSuffix("xab") && editing.caret == TextEditing.maximumCharacters)
        editing.apply(.insert("z"))
        #expect(editing.text.count == TextEditing.maximumCharacters && editing.text.hasSuffix("xab"))
        editing.apply(.deleteBackward)
        editing.apply(.insert("z"))
        #expect(editing.text.hasSuffix("xaz"))
    }
}
