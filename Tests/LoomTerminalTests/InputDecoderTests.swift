import LoomTerminal
import LoomWire
import Testing

private func keys(_ text: String, detach: [UInt8] = [0x1D]) -> [TerminalInput] {
    var decoder = InputDecoder(detachKeys: detach)
    return decoder.feed(Array(text.utf8))
}

private func event(_ key: InputKey, _ text: String? = nil) -> TerminalInput { .event(InputEvent(key: key, text: text)) }

@Suite("Terminal input")
struct InputDecoderTests {
    @Test func arrowsAndNavigationKeysInTheirCSIAndSS3Forms() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD") == [event(.up), event(.down), event(.right), event(.left)])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z") == [event(.pageUp), event(.pageDown), event(.home), event(.end), event(.backTab)])
        #expect(keys("\r\t \u{7F}") == [event(.enter), event(.tab), event(.space), event(.backspace)])
    }

    @Test func textIsSentAsCharactersEvenWhenAReadSplitsAUTF8Sequence() {
        var decoder = InputDecoder(detachKeys: [0x1D])
        let bytes = Array("a日".utf8)
        #expect(decoder.feed(Array(bytes[0..<2])) == [event(.character, "a")])
        #expect(decoder.feed(Array(bytes[2...])) == [event(.character, "日")])
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsEndAndALoneEscapeIsTheEscapeKey() {
        var decoder = InputDecoder(detachKeys: [0x1D])
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.feed(Array("6~".utf8)) == [event(.pageDown)])
        #expect(keys("\u{1B}") == [event(.escape)])
    }

    @Test func theMouseWheelAndPrimaryClicksAreForwardedWithTheirCellAndOtherMouseReportsAreNot() {
        #expect(keys("\u{1B}[<64;10;5M\u{1B}[<65;1;1M") == [.event(InputEvent(key: .wheel, lines: -3, row: 4, column: 9)),
                                                            .event(InputEvent(key: .wheel, lines: 3, row: 0, column: 0))])
        #expect(keys("\u{1B}[<0;3;7M\u{1B}[<0;3;7m") == [.event(InputEvent(key: .click, row: 6, column: 2))],
                "a press is a click; its release is nothing more")
        #expect(keys("\u{1B}[<16;3;7M") == [.event(InputEvent(key: .click, row: 6, column: 2))], "Ctrl-click is a click")
        #expect(keys("\u{1B}[<2;3;3M\u{1B}[<1;3;3M\u{1B}[<32;3;3M\u{1B}[<66;3;3M") == [],
                "the secondary and middle buttons, a drag and the wheel's sideways buttons are ignored")
    }

    @Test func theDetachKeysDetachAndCtrlCQuits() {
        #expect(keys("a\u{1D}b") == [event(.character, "a"), .detach, event(.character, "b")])
        #expect(keys("\u{03}") == [.quit])
        let sequence = InputDecoder.detachKeys("ctrl-p,ctrl-q")!
        #expect(sequence == [0x10, 0x11])
        var decoder = InputDecoder(detachKeys: sequence)
        #expect(decoder.feed([0x10]) == [], "the first detach key waits for the second")
        #expect(decoder.feed([0x11]) == [.detach])
    }

    @Test func detachKeySpecificationsAreParsedOrRefused() {
        #expect(InputDecoder.detachKeys("ctrl-]") == [0x1D])
        #expect(InputDecoder.detachKeys("ctrl-a,d") == [0x01, UInt8(ascii: "d")])
        #expect(InputDecoder.detachKeys("ctrl-") == nil)
        #expect(InputDecoder.detachKeys("meta-x") == nil)
        #expect(InputDecoder.detachKeys("") == nil)
    }

    @Test func theEditingKeysOfALineEditor() {
        #expect(keys("\u{1B}[3~") == [event(.delete)])
        #expect(keys("\u{1B}[1;3D\u{1B}[1;5C\u{1B}[1;2D") == [event(.wordLeft), event(.wordRight), event(.left)],
                "Alt and Ctrl make an arrow move by word; Shift alone does not")
        #expect(keys("\u{1B}b\u{1B}f\u{1B}\u{7F}") == [event(.wordLeft), event(.wordRight), event(.deleteWordBackward)])
        #expect(keys("\u{01}\u{05}\u{17}\u{15}\u{0B}") == [event(.home), event(.end), event(.deleteWordBackward), event(.deleteToStart), event(.deleteToEnd)])
    }

    @Test func numbersOutOfRangeInSequencesAreIgnoredNotComputedWith() {
        let smallest = "-9223372036854775808", largest = "9223372036854775807"
        #expect(keys("\u{1B}[<64;\(smallest);1M\u{1B}[<64;1;0M\u{1B}[<65;\(largest);\(largest)M")
                == [.event(InputEvent(key: .wheel, lines: 3, row: Int.max - 1, column: Int.max - 1))],
                "a cell below 1 is no cell; the largest one is taken as it is")
        #expect(keys("\u{1B}[1;\(smallest)D\u{1B}[1;0C\u{1B}[1;999D") == [event(.left), event(.right), event(.left)],
                "modifiers that are no modifiers leave the arrow an arrow")
    }

    @Test func aBracketedPasteIsOneEventWhateverItHoldsAndHoweverItIsRead() {
        #expect(keys("a\u{1B}[200~one\r\u{1D}two\u{1B}[A\u{1B}[201~b") == [event(.character, "a"), event(.paste, "one\r\u{1D}two\u{1B}[A"), event(.character, "b")],
                "Enter, the detach key and escape sequences inside a paste are text")
        var decoder = InputDecoder(detachKeys: [0x1D])
        let bytes = Array("\u{1B}[200~日本\u{1B}[201~".utf8)
        // Split at every byte but after the first ESC (which, last in a read, is the Escape key).
        var inputs = decoder.feed(Array(bytes[0..<2]))
        for byte in bytes[2...] { inputs += decoder.feed([byte]) }
        #expect(inputs == [event(.paste, "日本")], "split at every byte, the markers and the characters included")
        #expect(keys("\u{1B}[200~\u{1B}[201~") == [], "an empty paste is nothing")
    }

    @Test func aPastePastTheLimitIsCutAtACharacterAndTheRestDropped() {
        let limit = WireLimits.default.maximumPasteBytes
        var decoder = InputDecoder(detachKeys: [0x1D])
        var inputs = decoder.feed(Array("\u{1B}[200~x".utf8))
        let chunk = Array(String(repeating: "é", count: 4_096).utf8)
        for _ in 0...(limit / chunk.count) { inputs += decoder.feed(chunk) }
        inputs += decoder.feed(Array("\u{1B}[201~z".utf8))
        guard inputs.count == 2, case .event(let paste) = inputs[0], let text = paste.text else {
            Issue.record("one paste and one key, not \(inputs.count) inputs")
            return
        }
        #expect(paste.key == .paste && text.utf8.count <= limit && text.utf8.count > limit - 4)
        #expect(text.hasPrefix("xé") && text.hasSuffix("é") && !text.contains("\u{FFFD}"), "cut between characters")
        #expect(inputs[1] == event(.character, "z"), "what follows the paste is keys again")
    }
}
