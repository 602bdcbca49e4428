import LoomCells
import LoomLayout
@testable import LoomWire
import Testing

/// What a bad client can send, and what the decoder makes of it: a framed message that is wrong
/// is a failure with the protocol's error code (the connection goes on); a framing violation
/// is a fatal error (the connection is closed). Nothing crashes, nothing is allocated for a lie.
@Suite("Malformed input")
struct MalformedInputTests {
    /// How a JSON line after the handshake fails (the first line is a hello, under its own limit).
    private func jsonFailure(_ line: String) -> WireError? {
        var decoder = MessageDecoder()
        _ = try? decoder.feed(Array((#"{"type":"hello","id":0,"versions":[1,1]}"# + "\n").utf8))
        guard case .failure(let error)? = try? decoder.feed(Array((line + "\n").utf8)).first else { return nil }
        return error
    }

    /// Before the handshake a peer is nobody: its first line, the hello, may be 4 KiB, whole or
    /// in pieces; past that it is a fatal framing error, however the bytes arrive.
    @Test func theFirstLineMayHoldAtMostFourKilobytes() throws {
        var whole = MessageDecoder()
        #expect { try whole.feed(Array(repeating: UInt8(ascii: "{"), count: 4_097) + [0x0A]) } throws: { ($0 as? WireError)?.code == .framing }
        var pieces = MessageDecoder()
        _ = try pieces.feed(Array(repeating: UInt8(ascii: " "), count: 4_000))
        #expect { try pieces.feed(Array(repeating: UInt8(ascii: " "), count: 97)) } throws: { ($0 as? WireError)?.fatal == true }
        var after = MessageDecoder()
        _ = try after.feed(Array((#"{"type":"hello","id":0,"versions":[1,1]}"# + "\n").utf8))
        let long = try after.feed(Array((#"{"type":"set","id":1,"path":"/a","value":""# + String(repeating: "x", count: 10_000) + "\"}\n").utf8))
        #expect(long.count == 1, "after the hello, a line may be long")
    }

    private func binaryFailure(_ bytes: [UInt8]) -> WireError? {
        var decoder = MessageDecoder(encoding: .binary)
        guard case .failure(let error)? = try? decoder.feed(bytes).first else { return nil }
        return error
    }

    @Test(arguments: [
        ("{not json", .invalidJSON),
        ("[1,2,3]", .malformedMessage),
        (#"{"id":1}"#, .malformedMessage),
        (#"{"type":7}"#, .malformedMessage),
        (#"{"type":"set","path":"/a","value":1}"#, .missingID),
        (#"{"type":"set","id":"x","path":"/a","value":1}"#, .missingID),
        (#"{"type":"set","id":1,"path":7,"value":1}"#, .malformedMessage),
        (#"{"type":"set","id":1,"path":"/a"}"#, .malformedMessage),
        (#"{"type":"attach","id":1,"scene":"s","width":-5,"height":3}"#, .malformedMessage),
        (#"{"type":"hello","id":1,"versions":[2,1]}"#, .malformedMessage),
        (#"{"type":"hello","id":1,"versions":[1,1],"role":"root"}"#, .malformedMessage),
        (#"{"type":"hello","id":1,"versions":[1,1],"encoding":"xml"}"#, .malformedMessage),
        (#"{"type":"line","row":0,"col":0,"cells":[[1]]}"#, .malformedMessage),
        (#"{"type":"style","id":1,"fg":"chartreuse"}"#, .malformedMessage),
        (String(repeating: "[", count: 100_000), .limitExceeded),
        ("{\"type\":\"get\",\"id\":1,\"path\":\"\u{1}\"}", .invalidJSON),
    ] as [(String, ErrorCode)])
    func wrongJSONMessagesGetTheirCodes(line: String, code: ErrorCode) {
        #expect(jsonFailure(line)?.code == code, "\(line.prefix(60))")
        #expect(jsonFailure(line)?.fatal == false)
    }

    @Test func invalidUTF8InAJSONLineIsInvalidJSON() {
        var decoder = MessageDecoder()
        guard case .failure(let error)? = try? decoder.feed([UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\""), 0x0A]).first else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.code == .invalidJSON)
    }

    @Test func wrongBinaryFramesGetTheirCodes() {
        #expect(binaryFailure([3, 6, 2, 5])?.code == .malformedMessage, "a string past the end")
        #expect(binaryFailure([2, 29, 0])?.code == .malformedMessage, "a line cut short")
        #expect(binaryFailure([6, 23, 2, 2, 0xC3, 0x28, 0])?.code == .invalidUTF8)
        #expect(binaryFailure([5, 29, 0, 0, 0xFF, 0x7F])?.code == .malformedMessage, "a list longer than the frame")
        #expect(binaryFailure([4, 34, 0xFF, 0xFF, 0xFF])?.code == .malformedMessage)
        let payload: [UInt8] = [3, 2, 3] + Array("{x}".utf8)          // patch, id 1, 3 bytes of JSON
        #expect(binaryFailure([UInt8(payload.count)] + payload)?.code == .invalidJSON)
    }

    @Test func framingViolationsAreFatal() {
        var limits = WireLimits()
        limits.maximumMessageBytes = 64
        var json = MessageDecoder(limits: limits)
        #expect { try json.feed(Array(repeating: UInt8(ascii: "a"), count: 100)) } throws: { ($0 as? WireError)?.fatal == true }
        var binary = MessageDecoder(encoding: .binary, limits: limits)
        #expect { try binary.feed([0xFF, 0xFF, 0xFF, 0x7F]) } throws: {
            ($0 as? WireError)?.code == .framing
        }
        var endless = MessageDecoder(encoding: .binary)
        #expect { try endless.feed(Array(repeating: 0xFF, count: 11)) } throws: { ($0 as? WireError)?.fatal == true }
    }

    @Test func styleAttributesFromANewerPeerAreIgnored() throws {
        var decoder = MessageDecoder(encoding: .binary)
        // style 3, no colours, attributes 0x74: underline, dim, inverse, and a bit no version 1 attribute has.
        let message = try decoder.feed([6, 28, 3, 0, 0, 0x74, 0x00]).first?.get()
        #expect(message == .style(id: StyleID(rawValue: 3), style: Style(attributes: [.underline, .dim, .inverse])))
    }

    /// Found by fuzzing: both encodings accept exactly the same values.
    @Test func bothEncodingsBoundTheSameFields() throws {
        #expect(try JSONCodec.decode(line: Array(#"{"type":"error","id":-16454096276377274,"code":"x","message":""}"#.utf8))
                == .error(id: -16_454_096_276_377_274, code: ErrorCode(rawValue: "x"), message: "", fatal: false), "ids are 64-bit in JSON as in binary")
        #expect(try JSONCodec.decode(line: Array(#"{"type":"ok","id":1,"revision":5000000000}"#.utf8)) == .ok(id: 1, revision: 5_000_000_000))
        let ok = BinaryCodec.record(.ok(id: 1, revision: 5_000_000_000))
        var decoder = MessageDecoder(encoding: .binary)
        #expect(try decoder.feed(ok).first?.get() == .ok(id: 1, revision: 5_000_000_000), "revisions past 2³¹ in binary")
        var scroll = BinaryCodec.Writer()
        scroll.unsigned(30)
        for value: UInt64 in [9, 100, 14, 14] { scroll.unsigned(value) }
        scroll.signed(-540_431_955_284_459_520)
        var scrolls = MessageDecoder(encoding: .binary)
        guard case .failure(let error)? = try scrolls.feed([UInt8(scroll.bytes.count)] + scroll.bytes).first else {
            Issue.record("a scroll of 2⁵⁹ rows was accepted")
            return
        }
        #expect(error.code == .malformedMessage)
        let longCell = #"{"type":"line","row":0,"col":0,"cells":[["\#(String(repeating: "B", count: 200))"]]}"#
        var lines = MessageDecoder()
        #expect(try lines.feed(Array((longCell + "\n").utf8)).first?.get() == .grid(.line(row: 0, column: 0, runs: [CellRun("\u{FFFD}")])),
                "the cell limit holds in JSON as in binary (ViewerInputTests)")
    }

    /// A refused request is answered by its id, so a client knows which one failed.
    @Test func aRecordRefusedIsNamedByItsId() throws {
        let payload = Array(BinaryCodec.record(.set(id: 42, path: "/jobs/3/status", value: "ok")).dropFirst())
        let cut = Array(payload.dropLast())                     // the value's last byte missing
        var decoder = MessageDecoder(encoding: .binary)
        guard case .failure(let error)? = try decoder.feed([UInt8(cut.count)] + cut).first else {
            Issue.record("a cut record was accepted")
            return
        }
        #expect(error.code == .malformedMessage)
        #expect(error.id == 42)
    }

    /// A socket's read lends its bytes; the messages they complete join the reader's list.
    @Test func lentBytesAppendTheirMessagesToTheListGiven() throws {
        var decoder = MessageDecoder(encoding: .binary)
        let bytes = BinaryCodec.record(.bye(reason: "one")) + BinaryCodec.record(.bye(reason: "two"))
        var messages: [Result<Message, WireError>] = [.success(.bye(reason: "before"))]
        try bytes.prefix(5).withUnsafeBytes { try decoder.feed($0, into: &messages) }
        try bytes.dropFirst(5).withUnsafeBytes { try decoder.feed($0, into: &messages) }
        #expect(try messages.map { try $0.get() } == [.bye(reason: "before"), .bye(reason: "one"), .bye(reason: "two")])
    }

    @Test func aTruncatedFrameWaitsForItsRest() throws {
        var decoder = MessageDecoder(encoding: .binary)
        let frame = BinaryCodec.record(.bye(reason: "later"))
        #expect(try decoder.feed(Array(frame.prefix(3))).isEmpty)
        #expect(try decoder.feed(Array(frame.dropFirst(3))).map { try $0.get() } == [.bye(reason: "later")])
    }
}

/// What a viewer is sent is checked before anything is allocated for it, and one bad cell
/// costs one cell: the rest of the frame, and the session, go on.
@Suite("A viewer's input is bounded")
struct ViewerInputTests {
    private func decode(_ line: String) -> Result<Message, WireError>? {
        var decoder = MessageDecoder()
        return try? decoder.feed(Array((line + "\n").utf8)).first
    }

    @Test func aCellPastTheLimitIsDrawnAsAReplacementCharacterAndTheLineKept() throws {
        let long = "e" + String(repeating: "\u{301}", count: 40)
        let line = Message.grid(.line(row: 0, column: 0, runs: [CellRun(long, style: StyleID(rawValue: 1)), CellRun("x")]))
        for encoding in [Encoding.json, .binary] {
            var decoder = MessageDecoder(encoding: encoding)
            let decoded = try decoder.feed(MessageEncoder.encode(line, as: encoding)).first?.get()
            #expect(decoded == .grid(.line(row: 0, column: 0, runs: [CellRun("\u{FFFD}", style: StyleID(rawValue: 1)), CellRun("x")])), "\(encoding)")
        }
    }

    @Test func aScreenPastTheLimitIsRefusedBeforeItIsAllocated() {
        for line in [#"{"type":"keyframe","width":2147483647,"height":2147483647}"#, #"{"type":"resize","width":4097,"height":1}"#,
                     #"{"type":"attach","id":3,"scene":"s","width":1,"height":5000}"#] {
            guard case .failure(let error)? = decode(line) else { Issue.record("\(line) decoded"); continue }
            #expect(error.code == .limitExceeded, "\(line)")
        }
        var binary = MessageDecoder(encoding: .binary)
        let keyframe = try? binary.feed([0x0B, 0x20, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0xFF, 0xFF, 0xFF, 0xFF, 0x07]).first
        guard case .failure(let error)? = keyframe else { Issue.record("a binary keyframe of 2^31-1 decoded"); return }
        #expect(error.code == .limitExceeded)
    }

    @Test func aScrollWithItsEdgesOutOfOrderIsMalformed() {
        guard case .failure(let error)? = decode(#"{"type":"grid_scroll","top":9,"bottom":2,"left":0,"right":5,"rows":1}"#) else {
            Issue.record("decoded"); return
        }
        #expect(error.code == .malformedMessage)
    }

    /// A line's first run without a style is in style 0 (the terminal's default), whatever the
    /// line before it ended in; a later run without one continues the run before it.
    @Test func theFirstRunOfALineWithoutAStyleIsTheDefault() {
        var grid = CellGrid(width: 3, height: 2)
        grid.apply([.line(row: 0, column: 0, runs: [CellRun("a", style: StyleID(rawValue: 4))]),
                    .line(row: 1, column: 0, runs: [CellRun("b"), CellRun("c", style: StyleID(rawValue: 5)), CellRun("d")])])
        #expect(grid[1, 0].style == .plain)
        #expect(grid[1, 2].style == StyleID(rawValue: 5))
    }

    /// A repeat far past the line's end writes the cells on the grid and no more.
    @Test func aRepeatPastTheLineCostsTheLinesWidth() {
        var grid = CellGrid(width: 4, height: 2)
        grid.apply([.line(row: 1, column: 2, runs: [CellRun("x", repeatCount: Int(Int32.max)), CellRun("y", repeatCount: Int(Int32.max))]),
                    .line(row: 0, column: -3, runs: [CellRun("z", repeatCount: 5)]), .line(row: 7, column: 0, runs: [CellRun("w")])])
        #expect(grid.lines == ["zz  ", "  xx"])
    }

    /// A wheel's row and column are cells of the screen: a negative one is refused in JSON as
    /// binary's unsigned encoding refuses it (the fuzzer found JSON taking −1, which the binary
    /// encoder then trapped on).
    @Test func aWheelAtANegativeCellIsRefused() {
        guard case .failure(let error)? = decode(#"{"type":"input","key":"wheel","lines":-1,"row":-1,"ro":9}"#) else { Issue.record("decoded"); return }
        #expect(error.code == .malformedMessage)
    }

    /// An `input`'s text is one key's: at most what a cell holds, in both encodings.
    @Test func inputTextPastACellIsRefused() {
        let event = Message.input(InputEvent(key: .character, text: String(repeating: "a", count: 65)))
        for encoding in [Encoding.json, .binary] {
            var decoder = MessageDecoder(encoding: encoding)
            guard case .failure(let error)? = try? decoder.feed(MessageEncoder.encode(event, as: encoding)).first else { Issue.record("\(encoding)"); continue }
            #expect(error.code == .limitExceeded, "\(encoding)")
        }
    }
}
