import LoomCells
import LoomGraph
import LoomJSON
import LoomLayout
import LoomWire
import Testing

/// One message of each type, with values at the edges of their fields.
let everyMessage: [Message] = [
    .hello(id: 1, versions: 1...2, role: .viewer, encoding: .binary, client: "loom attach"),
    .hello(id: 2, versions: 1...1, role: nil, encoding: .json, client: nil),
    .welcome(id: 1, version: 1, role: .observer, server: "loomd 0.1"),
    .patch(id: 3, patch: [["op": "replace", "path": "/jobs/1/status", "value": "ok"]]),
    .set(id: 4, path: "/jobs/42/status", value: "failed"),
    .merge(id: 5, path: "/jobs/42", value: ["progress": 0.5, "note": nil]),
    .get(id: 6, path: ""),
    .watch(id: 7, paths: ["/jobs", "/hosts"]),
    .watch(id: 7, paths: ["/jobs"], since: 41),
    .wait(id: 8, revision: 1_000_000),
    .scenes(id: 9), .stats(id: 10), .trace(id: 11, scene: "dashboard"), .trace(id: 12, scene: nil),
    .snapshot(id: 13, scene: "dashboard", width: 100, height: 30, markup: true),
    .ping(id: -14),
    .attach(id: 15, scene: "dashboard", width: 200, height: 50),
    .attach(id: 17, scene: "dashboard", width: 80, height: 24, highlight: true),
    .resize(width: 80, height: 24),
    .input(InputEvent(key: .enter)), .input(InputEvent(key: .character, text: "é")), .input(InputEvent(key: .wheel, lines: -3, row: 4, column: 9)),
    .ack(sequence: 77), .detach(id: 16),
    .ok(id: 3, revision: 42), .ok(id: 15, revision: nil),
    .value(id: 6, revision: 42, value: ["jobs": [:]]), .value(id: 6, revision: 42, value: nil),
    .sceneList(id: 9, scenes: ["dashboard", "seeds/likes"]),
    .statsReport(id: 10, stats: ["frames": 12, "viewers": []]),
    .snapshotText(id: 13, text: "┌─┐\n│日│\n└─┘"),
    .pong(id: -14),
    .error(id: 4, code: ErrorCode(rawValue: "path_not_found"), message: "no member 'zzz'", fatal: false), .error(id: nil, code: .framing, message: "too long", fatal: true),
    .changed(watch: 7, revision: 43, path: "/jobs/1", value: ["status": "ok"]), .changed(watch: 7, revision: 44, path: "/jobs/2", value: nil),
    .evaluation(scene: "dashboard", view: "JobRow", node: 12, causes: ["@store(/jobs/1)"]),
    .style(id: StyleID(rawValue: 3), style: Style(foreground: .red, background: .rgb(0, 16, 255), attributes: [.bold, .underline])),
    .style(id: StyleID(rawValue: 4), style: Style(foreground: .palette(200))),
    .grid(.line(row: 10, column: 42, runs: [CellRun("x", style: StyleID(rawValue: 3))])),
    .grid(.line(row: 0, column: 0, runs: [CellRun("日", style: .plain), CellRun(""), CellRun(" ", repeatCount: 78), CellRun("a", style: StyleID(rawValue: 2), repeatCount: 2)])),
    .grid(.scroll(top: 2, bottom: 40, left: 0, right: 200, rows: -3)),
    .cursor(row: 3, column: 7, visible: false),
    .keyframe(width: 200, height: 50),
    .highlight(rects: [GridRect(column: 0, row: 4, width: 80, height: 1)]),
    .flush(sequence: 77),
    .bye(reason: "daemon shutting down"),
]

@Suite("Codecs")
struct CodecTests {
    @Test func everyMessageSurvivesBothEncodings() throws {
        for message in everyMessage {
            var line = JSONCodec.line(message)
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(!line.dropLast().contains(UInt8(ascii: "\n")), "a JSON line holds no newline: \(message)")
            line.removeLast()
            #expect(try JSONCodec.decode(line: line) == message)
            var decoder = MessageDecoder(encoding: .binary)
            #expect(try decoder.feed(BinaryCodec.record(message)).map { try $0.get() } == [message])
        }
    }

    /// Frames are appended to what a connection has queued, the length put in front of the
    /// payload once it is written: around each width of the length (1, 2, 3 bytes) the frames
    /// decode, in order, and equal frames made alone.
    @Test func framesAppendedToQueuedBytesDecodeInOrderWhateverTheirLength() throws {
        let messages = [0, 100, 121, 122, 123, 200, 16_300, 16_378, 16_379, 16_380, 70_000].map { count in
            Message.error(id: 7, code: ErrorCode(rawValue: "c"), message: String(repeating: "x", count: count), fatal: false)
        }
        var queued: [UInt8] = [1, 2, 3]
        for message in messages { MessageEncoder.encode(message, as: .binary, into: &queued) }
        #expect(Array(queued.prefix(3)) == [1, 2, 3], "what was queued before stays")
        #expect(Array(queued.dropFirst(3)) == messages.flatMap { BinaryCodec.record($0) })
        var decoder = MessageDecoder(encoding: .binary)
        #expect(try decoder.feed(Array(queued.dropFirst(3))).map { try $0.get() } == messages)
    }

    @Test func aOneCellChangeIsAFewBytesOnTheWire() {
        let change = BinaryCodec.record(.grid(.line(row: 10, column: 42, runs: [CellRun("x", style: StyleID(rawValue: 3))])))
        let flush = BinaryCodec.record(.flush(sequence: 1_000))
        #expect(change.count + flush.count <= 16, "\(change.count) + \(flush.count) bytes")
    }

    @Test func aHelloAskingForBinarySwitchesTheRestOfTheStream() throws {
        var decoder = MessageDecoder()
        let bytes = JSONCodec.line(.hello(id: 1, versions: 1...1, role: .viewer, encoding: .binary, client: nil))
            + BinaryCodec.record(.attach(id: 2, scene: "s", width: 10, height: 5))
        let messages = try decoder.feed(bytes).map { try $0.get() }
        #expect(messages.count == 2)
        #expect(messages.last == .attach(id: 2, scene: "s", width: 10, height: 5))
        #expect(decoder.encoding == .binary)
    }

    @Test func messagesSplitAcrossReadsAreReassembled() throws {
        for encoding in [Encoding.json, .binary] {
            var decoder = MessageDecoder(encoding: encoding)
            // In a JSON stream, a hello asking for binary would switch the rest: leave it out.
            let messages = everyMessage.filter { if case .hello(_, _, _, .binary, _) = $0 { encoding == .binary } else { true } }
            let bytes = messages.flatMap { MessageEncoder.encode($0, as: encoding) }
            var decoded: [Message] = []
            var offset = 0
            var size = 1
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                decoded += try decoder.feed(Array(bytes[offset..<end])).map { try $0.get() }
                offset = end
                size = size % 7 + 1
            }
            #expect(decoded == messages, "\(encoding)")
            #expect(decoder.pendingBytes == 0)
        }
    }

    @Test func newerPeersAreUnderstoodForWhatTheySaidBefore() throws {
        // An unknown type decodes as `.unknown`; extra JSON members and extra binary bytes are ignored.
        #expect(try JSONCodec.decode(line: Array(#"{"type":"future_thing","x":1}"#.utf8)) == .unknown(type: "future_thing", id: nil))
        #expect(try JSONCodec.decode(line: Array(#"{"type":"ping","id":1,"extra":[1,2]}"#.utf8)) == .ping(id: 1))
        var frame = BinaryCodec.record(.flush(sequence: 5))
        frame[0] += 2
        frame += [0xAA, 0xBB]
        var decoder = MessageDecoder(encoding: .binary)
        #expect(try decoder.feed(frame).map { try $0.get() } == [.flush(sequence: 5)])
        var unknown = MessageDecoder(encoding: .binary)
        #expect(try unknown.feed([2, 99, 0]).map { try $0.get() } == [.unknown(type: "tag 99", id: 0)])
    }
}

/// Members optional in JSON and always present in binary take their documented defaults.
@Suite("Defaults of optional members")
struct OptionalMemberDefaultTests {
    @Test(arguments: [
        (#"{"type":"hello","id":1,"versions":[1,1]}"#, .hello(id: 1, versions: 1...1, role: nil, encoding: .json, client: nil)),
        (#"{"type":"cursor","row":1,"col":2}"#, .cursor(row: 1, column: 2, visible: true)),
        (#"{"type":"error","code":"x","message":"m"}"#, .error(id: nil, code: ErrorCode(rawValue: "x"), message: "m", fatal: false)),
        (#"{"type":"bye"}"#, .bye(reason: "")),
        (#"{"type":"snapshot","id":2,"scene":"s","width":3,"height":4}"#, .snapshot(id: 2, scene: "s", width: 3, height: 4, markup: false)),
        (#"{"type":"attach","id":3,"scene":"s","width":3,"height":4}"#, .attach(id: 3, scene: "s", width: 3, height: 4, highlight: false)),
    ] as [(String, Message)])
    func absentOptionalMembersTakeTheirDefaults(line: String, message: Message) throws {
        #expect(try JSONCodec.decode(line: Array(line.utf8)) == message, "\(line)")
    }
}
