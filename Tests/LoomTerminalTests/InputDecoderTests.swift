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

    @Test func theMouseWheelIsForwardedWithItsCellAndOtherMouseReportsAreNot() {
        #expect(keys("\u{1B}[<64;10;5M\u{1B}[<65;1;1M") == [.event(InputEvent(key: .wheel, lines: -3, row: 4, column: 9)),
                                                            .event(InputEvent(key: .wheel, lines: 3, row: 0, column: 0))])
        #expect(keys("\u{1B}[<0;3;3M\u{1B}[<0;3;3m") == [])
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
}
