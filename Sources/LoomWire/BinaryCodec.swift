import LoomCells
import LoomJSON

/// The binary encoding of the same messages, for viewers: a record is a LEB128 length and a
/// payload; a payload is the message's tag and its fields in a fixed order (Protocol/README.md,
/// "Binary encoding"). Newer versions only append fields, so a decoder ignores the bytes after
/// the fields it knows; an unknown tag decodes as `.unknown`.
public enum BinaryCodec {
    // MARK: - Encoding

    /// A message as one record (length and payload).
    public static func record(_ message: Message) -> [UInt8] {
        var bytes: [UInt8] = []
        record(message, into: &bytes)
        return bytes
    }

    /// Appends a message as one record: the payload is written in place after the records
    /// before it, and its length put in front, so a reply costs no arrays of its own.
    public static func record(_ message: Message, into bytes: inout [UInt8]) {
        var writer = Writer()
        swap(&writer.bytes, &bytes)
        defer { swap(&writer.bytes, &bytes) }
        let start = writer.bytes.count
        // The length's first byte, kept before the payload: a record under 128 bytes (every
        // frame's line of a row, every reply) needs no other, so nothing is moved.
        writer.bytes.append(0)
        write(message, into: &writer)
        writer.putLength(UInt64(writer.bytes.count - start - 1), at: start)
    }

    /// The message's tag (`MessageKind`); 0 for a type this version does not know.
    static func tag(_ message: Message) -> UInt64 {
        message.kind?.tag ?? 0
    }

    private static func write(_ message: Message, into out: inout Writer) {
        out.unsigned(tag(message))
        switch message {
        case .hello(let id, let versions, let role, let encoding, let client):
            out.id(id)
            out.unsigned(UInt64(versions.lowerBound))
            out.unsigned(UInt64(versions.upperBound))
            out.optional(role?.rawValue) { $0.string($1) }
            out.string(encoding.rawValue)
            out.optional(client) { $0.string($1) }
        case .welcome(let id, let version, let role, let server):
            out.id(id)
            out.unsigned(UInt64(version))
            out.string(role.rawValue)
            out.string(server)
        case .patch(let id, let patch):
            out.id(id)
            out.json(patch)
        case .set(let id, let path, let value), .merge(let id, let path, let value):
            out.id(id)
            out.string(path)
            out.json(value)
        case .get(let id, let path):
            out.id(id)
            out.string(path)
        case .watch(let id, let paths, let since):
            out.id(id)
            out.list(paths) { $0.string($1) }
            if let since { out.unsigned(UInt64(since)) }
        case .wait(let id, let revision):
            out.id(id)
            out.unsigned(UInt64(revision))
        case .scenes(let id), .stats(let id), .ping(let id), .detach(let id), .pong(let id):
            out.id(id)
        case .trace(let id, let scene):
            out.id(id)
            out.optional(scene) { $0.string($1) }
        case .snapshot(let id, let scene, let width, let height, let markup):
            out.id(id)
            out.string(scene)
            out.unsigned(UInt64(width))
            out.unsigned(UInt64(height))
            out.bool(markup)
        case .attach(let id, let scene, let width, let height, let highlight):
            out.id(id)
            out.string(scene)
            out.unsigned(UInt64(width))
            out.unsigned(UInt64(height))
            if highlight { out.bool(true) }
        case .resize(let width, let height), .keyframe(let width, let height):
            out.unsigned(UInt64(width))
            out.unsigned(UInt64(height))
        case .input(let event):
            out.string(event.key.rawValue)
            out.optional(event.text) { $0.string($1) }
            out.optional(event.lines) { $0.signed(Int64($1)) }
            out.optional(event.row) { $0.unsigned(UInt64($1)) }
            out.optional(event.column) { $0.unsigned(UInt64($1)) }
        case .ack(let sequence), .flush(let sequence):
            out.unsigned(UInt64(sequence))
        case .ok(let id, let revision):
            out.id(id)
            out.optional(revision) { $0.unsigned(UInt64($1)) }
        case .value(let id, let revision, let value):
            out.id(id)
            out.unsigned(UInt64(revision))
            out.optional(value) { $0.json($1) }
        case .sceneList(let id, let scenes, let origins):
            out.id(id)
            out.list(scenes) { $0.string($1) }
            if !origins.isEmpty { out.list(origins) { $0.string($1) } }
        case .sceneApply(let id, let name, let document):
            out.id(id)
            out.string(name)
            out.string(document)
        case .sceneGet(let id, let name), .sceneRemove(let id, let name):
            out.id(id)
            out.string(name)
        case .sceneDocument(let id, let name, let document, let origin):
            out.id(id)
            out.string(name)
            out.string(document)
            out.string(origin)
        case .statsReport(let id, let stats):
            out.id(id)
            out.json(stats)
        case .snapshotText(let id, let text):
            out.id(id)
            out.string(text)
        case .error(let id, let code, let text, let fatal):
            out.optional(id) { $0.id($1) }
            out.string(code.rawValue)
            out.string(text)
            out.bool(fatal)
        case .changed(let watch, let revision, let path, let value):
            out.id(watch)
            out.unsigned(UInt64(revision))
            out.string(path)
            out.optional(value) { $0.json($1) }
        case .evaluation(let scene, let view, let node, let causes, let viewer):
            out.string(scene)
            out.string(view)
            out.unsigned(UInt64(node))
            out.list(causes) { $0.string($1) }
            if viewer != 0 { out.unsigned(UInt64(viewer)) }
        case .style(let id, let style):
            out.unsigned(UInt64(id.rawValue))
            out.optional(style.foreground) { $0.color($1) }
            out.optional(style.background) { $0.color($1) }
            out.unsigned(UInt64(style.attributes.rawValue))
        case .grid(.line(let row, let column, let runs)):
            out.unsigned(UInt64(row))
            out.unsigned(UInt64(column))
            out.list(runs) { out, run in
                out.byte((run.style == nil ? 0 : 1) | (run.repeatCount == 1 ? 0 : 2))
                out.string(run.text)
                if let style = run.style { out.unsigned(UInt64(style.rawValue)) }
                if run.repeatCount != 1 { out.unsigned(UInt64(run.repeatCount)) }
            }
        case .grid(.scroll(let top, let bottom, let left, let right, let rows)):
            for value in [top, bottom, left, right] { out.unsigned(UInt64(value)) }
            out.signed(Int64(rows))
        case .cursor(let row, let column, let visible):
            out.unsigned(UInt64(row))
            out.unsigned(UInt64(column))
            out.bool(visible)
        case .highlight(let rects):
            out.list(rects) { out, rect in
                for value in [rect.column, rect.row, rect.width, rect.height] { out.unsigned(UInt64(value)) }
            }
        case .bye(let reason):
            out.string(reason)
        case .dropped(let stream, let count):
            out.string(stream)
            out.unsigned(UInt64(count))
        case .unknown:
            break
        }
    }

    // MARK: - Decoding

    /// The messages whose first member is a request id (`MessageSchema.isIdentified`).
    private static let identified = Set(MessageKind.allCases.filter(\.schema.isIdentified))

    /// Decodes a payload (a record without its length). An error past a readable request id
    /// names that id.
    public static func decode(payload: ArraySlice<UInt8>, limits: WireLimits = .default) throws(WireError) -> Message {
        var input = Reader(bytes: payload, limits: limits)
        let tag = try input.unsigned()
        do {
            return try decode(tag: tag, &input, limits: limits)
        } catch {
            // Named by its id, where its kind has one: read again, only for a record refused.
            var again = Reader(bytes: payload, limits: limits)
            _ = try? again.unsigned()
            let id = MessageKind(tag: tag).map(identified.contains) == true ? try? again.id() : nil
            throw error.about(id)
        }
    }

    private static func decode(tag: UInt64, _ input: inout Reader, limits: WireLimits) throws(WireError) -> Message {
        // Every request type a later version adds has its id first, so the daemon can name it.
        guard let kind = MessageKind(tag: tag) else { return .unknown(type: "tag \(tag)", id: try? input.id()) }
        switch kind {
        case .hello:
            let id = try input.id()
            let lowest = try input.natural(), highest = try input.natural()
            guard lowest <= highest else { throw .malformed("'versions' must be [lowest, highest]") }
            let role = try input.optional { input throws(WireError) in try input.string() }
            guard role == nil || Role(rawValue: role!) != nil else { throw .malformed("unknown role") }
            guard let encoding = Encoding(rawValue: try input.string()) else { throw .malformed("'encoding' must be json or binary") }
            return .hello(id: id, versions: lowest...highest, role: role.flatMap(Role.init), encoding: encoding,
                          client: try input.optional { input throws(WireError) in try input.string() })
        case .welcome:
            let id = try input.id(), version = try input.natural()
            guard let role = Role(rawValue: try input.string()) else { throw .malformed("unknown role") }
            return .welcome(id: id, version: version, role: role, server: try input.string())
        case .patch: return .patch(id: try input.id(), patch: try input.json())
        case .set: return .set(id: try input.id(), path: try input.string(), value: try input.json())
        case .merge: return .merge(id: try input.id(), path: try input.string(), value: try input.json())
        case .get: return .get(id: try input.id(), path: try input.string())
        case .watch:
            return .watch(id: try input.id(), paths: try input.list { input throws(WireError) in try input.string() }, since: input.atEnd ? nil : try input.count())
        case .wait: return .wait(id: try input.id(), revision: try input.count())
        case .scenes: return .scenes(id: try input.id())
        case .stats: return .stats(id: try input.id())
        case .trace: return .trace(id: try input.id(), scene: try input.optional { input throws(WireError) in try input.string() })
        case .snapshot:
            let id = try input.id(), scene = try input.string(), size = try input.screen()
            return .snapshot(id: id, scene: scene, width: size.width, height: size.height, markup: try input.bool())
        case .ping: return .ping(id: try input.id())
        case .attach:
            let id = try input.id(), scene = try input.string(), size = try input.screen()
            return .attach(id: id, scene: scene, width: size.width, height: size.height, highlight: input.atEnd ? false : try input.bool())
        case .resize:
            let size = try input.screen()
            return .resize(width: size.width, height: size.height)
        case .input:
            let key = InputKey(rawValue: try input.string())
            return .input(InputEvent(key: key, text: try limits.inputText(input.optional { input throws(WireError) in try input.string() }, key: key),
                                     lines: try input.optional { input throws(WireError) in try input.signedSmall() },
                                     row: try input.optional { input throws(WireError) in try input.natural() },
                                     column: try input.optional { input throws(WireError) in try input.natural() }))
        case .ack: return .ack(sequence: try input.count())
        case .detach: return .detach(id: try input.id())
        case .ok: return .ok(id: try input.id(), revision: try input.optional { input throws(WireError) in try input.count() })
        case .value:
            return .value(id: try input.id(), revision: try input.count(), value: try input.optional { input throws(WireError) in try input.json() })
        case .sceneList:
            return .sceneList(id: try input.id(), scenes: try input.list { input throws(WireError) in try input.string() },
                              origins: input.atEnd ? [] : try input.list { input throws(WireError) in try input.string() })
        case .sceneApply: return .sceneApply(id: try input.id(), name: try input.string(), document: try input.string())
        case .sceneGet: return .sceneGet(id: try input.id(), name: try input.string())
        case .sceneRemove: return .sceneRemove(id: try input.id(), name: try input.string())
        case .sceneDocument: return .sceneDocument(id: try input.id(), name: try input.string(), document: try input.string(), origin: try input.string())
        case .statsReport: return .statsReport(id: try input.id(), stats: try input.json())
        case .snapshotText: return .snapshotText(id: try input.id(), text: try input.string())
        case .pong: return .pong(id: try input.id())
        case .error:
            return .error(id: try input.optional { input throws(WireError) in try input.id() }, code: ErrorCode(rawValue: try input.string()),
                          message: try input.string(), fatal: try input.bool())
        case .changed:
            return .changed(watch: try input.id(), revision: try input.count(), path: try input.string(),
                            value: try input.optional { input throws(WireError) in try input.json() })
        case .evaluation:
            return .evaluation(scene: try input.string(), view: try input.string(), node: try input.count(),
                               causes: try input.list { input throws(WireError) in try input.string() }, viewer: input.atEnd ? 0 : try input.count())
        case .style:
            let id = StyleID(rawValue: UInt32(try input.natural()))
            let foreground = try input.optional { input throws(WireError) in try input.color() }
            let background = try input.optional { input throws(WireError) in try input.color() }
            // Attribute bits this version does not know (a newer peer's) are ignored.
            let known: TextStyle = [.bold, .italic, .underline, .strikethrough, .dim, .inverse]
            let attributes = TextStyle(rawValue: UInt8(truncatingIfNeeded: try input.natural())).intersection(known)
            return .style(id: id, style: Style(foreground: foreground, background: background, attributes: attributes))
        case .line:
            let row = try input.natural(), column = try input.natural()
            let runs = try input.list { input throws(WireError) -> CellRun in
                let flags = try input.byte()
                let text = limits.cellText(try input.string())
                let style = flags & 1 != 0 ? StyleID(rawValue: UInt32(try input.natural())) : nil
                let repeatCount = flags & 2 != 0 ? try input.natural() : 1
                return CellRun(text, style: style, repeatCount: repeatCount)
            }
            return .grid(.line(row: row, column: column, runs: runs))
        case .gridScroll:
            return .grid(try limits.scrolledRectangle(top: input.natural(), bottom: input.natural(), left: input.natural(), right: input.natural(),
                                                      rows: input.signedSmall()))
        case .cursor: return .cursor(row: try input.natural(), column: try input.natural(), visible: try input.bool())
        case .keyframe:
            let size = try input.screen()
            return .keyframe(width: size.width, height: size.height)
        case .highlight:
            return .highlight(rects: try input.list { input throws(WireError) in
                GridRect(column: try input.natural(), row: try input.natural(), width: try input.natural(), height: try input.natural())
            })
        case .flush: return .flush(sequence: try input.count())
        case .bye: return .bye(reason: try input.string())
        case .dropped: return .dropped(stream: try input.string(), count: try input.count())
        }
    }

    // MARK: - Primitives

    struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ value: UInt8) { bytes.append(value) }

        /// LEB128, as the protocol's integers are: seven bits a byte, low bits first, the high
        /// bit set on every byte but the last.
        private static func leb128(_ value: UInt64, _ emit: (UInt8) -> Void) {
            var value = value
            while value >= 0x80 {
                emit(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            emit(UInt8(value))
        }

        mutating func unsigned(_ value: UInt64) {
            Self.leb128(value) { bytes.append($0) }
        }

        /// Writes `value` at `position`, over the one byte kept there for it, with room made
        /// after it for the bytes a length of 128 or more takes (a length, once what it counts
        /// is written).
        mutating func putLength(_ value: UInt64, at position: Int) {
            var count = 0
            Self.leb128(value) { _ in count += 1 }
            if count > 1 { bytes.insert(contentsOf: repeatElement(0, count: count - 1), at: position + 1) }
            var next = position
            Self.leb128(value) { byte in
                bytes[next] = byte
                next += 1
            }
        }

        mutating func signed(_ value: Int64) {
            unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        mutating func id(_ id: RequestID) { signed(id.rawValue) }

        mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

        mutating func string(_ value: String) {
            unsigned(UInt64(value.utf8.count))
            bytes.append(contentsOf: value.utf8)
        }

        mutating func json(_ value: JSONValue) {
            let text = JSONWriter.bytes(value)
            unsigned(UInt64(text.count))
            bytes.append(contentsOf: text)
        }

        mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            write(&self, value)
        }

        mutating func list<T>(_ values: [T], _ write: (inout Writer, T) -> Void) {
            unsigned(UInt64(values.count))
            for value in values { write(&self, value) }
        }

        mutating func color(_ color: Color) {
            switch color {
            case .named(let name): bytes += [0, name.rawValue]
            case .palette(let index): bytes += [1, index]
            case .rgb(let red, let green, let blue): bytes += [2, red, green, blue]
            }
        }
    }

    struct Reader {
        let bytes: ArraySlice<UInt8>
        let limits: WireLimits
        var position: Int

        init(bytes: ArraySlice<UInt8>, limits: WireLimits) {
            self.bytes = bytes
            self.limits = limits
            self.position = bytes.startIndex
        }

        /// Whether every byte was read: a member appended in a later version may be absent.
        var atEnd: Bool { position >= bytes.endIndex }

        mutating func byte() throws(WireError) -> UInt8 {
            guard position < bytes.endIndex else { throw .malformed("the message ends early") }
            defer { position += 1 }
            return bytes[position]
        }

        /// An unsigned LEB128 integer of at most 64 bits. A longer encoding of a smaller
        /// number (padding bytes 0x80) is read as that number; bits past the 64th are refused,
        /// never dropped (2^64 is not 0).
        mutating func unsigned() throws(WireError) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                let byte = try self.byte()
                // The tenth byte holds bit 63 alone.
                guard shift < 63 || byte & 0x7E == 0 else { throw .malformed("an integer past 64 bits") }
                value |= UInt64(byte & 0x7F) << UInt64(shift)
                if byte < 0x80 { return value }
            }
            throw .malformed("an integer longer than 10 bytes")
        }

        mutating func natural() throws(WireError) -> Int {
            let value = try unsigned()
            guard value <= UInt64(Int32.max) else { throw .malformed("a number out of range") }
            return Int(value)
        }

        mutating func signed() throws(WireError) -> Int64 {
            let value = try unsigned()
            return Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
        }

        mutating func id() throws(WireError) -> RequestID { RequestID(try signed()) }

        /// A revision, sequence or node number: a natural 64-bit count.
        mutating func count() throws(WireError) -> Int64 {
            let value = try unsigned()
            guard value <= UInt64(Int64.max) else { throw .malformed("a count out of range") }
            return Int64(value)
        }

        /// A signed count (rows to scroll, wheel lines): within ±Int32.max, like the JSON form.
        mutating func signedSmall() throws(WireError) -> Int {
            let value = try signed()
            guard value.magnitude <= UInt64(Int32.max) else { throw .malformed("a number out of range") }
            return Int(value)
        }

        /// A screen's width and height (`WireLimits.screen`).
        mutating func screen() throws(WireError) -> (width: Int, height: Int) {
            try limits.screen(width: natural(), height: natural())
        }

        mutating func bool() throws(WireError) -> Bool {
            switch try byte() {
            case 0: false
            case 1: true
            default: throw .malformed("a boolean must be 0 or 1")
            }
        }

        mutating func raw() throws(WireError) -> ArraySlice<UInt8> {
            let count = try unsigned()
            guard count <= UInt64(bytes.endIndex - position) else { throw .malformed("a string runs past the end of the message") }
            defer { position += Int(count) }
            return bytes[position..<(position + Int(count))]
        }

        /// Read from the message's bytes in place. ASCII, what paths and names mostly are, is
        /// UTF-8 as it is: only other text goes through validation (which cost a thousand
        /// instructions for every path of every `set`).
        mutating func string() throws(WireError) -> String {
            let raw = try self.raw()
            let text = raw.withUnsafeBufferPointer { bytes in
                bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
            }
            guard let text else { throw WireError(.invalidUTF8, "a string is not UTF-8") }
            return text
        }

        /// Parsed from the message's bytes in place, not from a copy of them.
        mutating func json() throws(WireError) -> JSONValue {
            let raw = try self.raw()
            let parsed = raw.withUnsafeBufferPointer { text in
                Result { () throws(JSONError) in try JSONParser.parse(text, limits: limits.json) }
            }
            do {
                return try parsed.get()
            } catch {
                throw error.isLimit ? WireError(.limitExceeded, error.description) : WireError(.invalidJSON, error.description)
            }
        }

        mutating func optional<T>(_ read: (inout Reader) throws(WireError) -> T) throws(WireError) -> T? {
            switch try byte() {
            case 0: return nil
            case 1: return try read(&self)
            default: throw .malformed("an optional's marker must be 0 or 1")
            }
        }

        mutating func list<T>(_ read: (inout Reader) throws(WireError) -> T) throws(WireError) -> [T] {
            let count = try unsigned()
            // Each element takes at least one byte: a count past the bytes left is a lie, refused before allocating.
            guard count <= UInt64(bytes.endIndex - position) else { throw .malformed("a list longer than the message") }
            var values: [T] = []
            values.reserveCapacity(Int(count))
            for _ in 0..<count { values.append(try read(&self)) }
            return values
        }

        mutating func color() throws(WireError) -> Color {
            switch try byte() {
            case 0:
                guard let name = Color.Named(rawValue: try byte()) else { throw .malformed("unknown colour name") }
                return .named(name)
            case 1: return .palette(try byte())
            case 2: return .rgb(try byte(), try byte(), try byte())
            default: throw .malformed("unknown colour kind")
            }
        }
    }
}
