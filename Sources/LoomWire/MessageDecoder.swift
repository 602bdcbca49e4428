/// Which encoding a connection speaks: JSON lines until its `hello` asks for binary.
public enum Encoding: String, Sendable {
    case json, binary
}

/// Cuts a connection's bytes into messages, in its current encoding.
///
/// Buffered bytes are bounded by `maximumMessageBytes` (`maximumHelloBytes` before the first
/// message): a JSON line or a binary record longer than that is a fatal framing error (thrown),
/// checked before the bytes are kept — for a binary record, from its length prefix alone. A
/// message that is framed but wrong (bad JSON, a missing member) is returned as a failure; the
/// connection goes on.
public struct MessageDecoder {
    public var encoding: Encoding
    public let limits: WireLimits
    private var buffer: [UInt8] = []
    private var scanned = 0
    /// Whether the connection's first message (its handshake) was read.
    private var readFirstMessage = false

    public init(encoding: Encoding = .json, limits: WireLimits = .default) {
        self.encoding = encoding
        self.limits = limits
    }

    /// Messages one read usually completes (a frame: its operations, its cursor, its flush):
    /// room for them in one allocation, not one per doubling.
    public static let messagesPerFeed = 8

    /// The room kept for the next message once every byte received was decoded. A connection
    /// that sent one large message (up to `WireLimits.maximumMessageBytes`) would otherwise
    /// hold that much for as long as it stays; past this, the emptied buffer is let go, and
    /// the next large message grows one again.
    public static let keptBufferCapacity = 64 << 10

    /// Bytes received and not yet part of a whole message.
    public var pendingBytes: Int { buffer.count }

    /// Adds received bytes; returns the whole messages they completed, in order. A `hello` that
    /// asks for binary switches `encoding` for the bytes after it.
    public mutating func feed(_ bytes: [UInt8]) throws(WireError) -> [Result<Message, WireError>] {
        try feed(bytes[...])
    }

    /// The same, from a part of a read buffer (no array made of it first).
    public mutating func feed(_ bytes: ArraySlice<UInt8>) throws(WireError) -> [Result<Message, WireError>] {
        buffer.append(contentsOf: bytes)
        return try decodeBuffered()
    }

    /// The same, from bytes lent for the call (a socket's read buffer), the messages appended
    /// to the reader's own list of them (no list made for each read).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, into messages: inout [Result<Message, WireError>]) throws(WireError) {
        buffer.append(contentsOf: bytes)
        try decodeBuffered(into: &messages)
    }

    private mutating func decodeBuffered() throws(WireError) -> [Result<Message, WireError>] {
        var messages: [Result<Message, WireError>] = []
        messages.reserveCapacity(Self.messagesPerFeed)
        try decodeBuffered(into: &messages)
        return messages
    }

    private mutating func decodeBuffered(into messages: inout [Result<Message, WireError>]) throws(WireError) {
        var start = 0
        defer {
            // Not called for nothing: it costs a generic `replaceSubrange` all the same.
            if start > 0 { buffer.removeFirst(start) }
            scanned = max(0, scanned - start)
            if buffer.isEmpty && buffer.capacity > Self.keptBufferCapacity { buffer = [] }
        }
        while start < buffer.count {
            switch encoding {
            case .json:
                let limit = readFirstMessage ? limits.maximumMessageBytes : min(limits.maximumHelloBytes, limits.maximumMessageBytes)
                let end = buffer[max(start, scanned)...].firstIndex(of: UInt8(ascii: "\n"))
                guard (end ?? buffer.count) - start <= limit else {
                    throw .framing(readFirstMessage ? "a line longer than \(limit) bytes" : "a first line (the hello) longer than \(limit) bytes")
                }
                guard let end else {
                    scanned = buffer.count
                    return
                }
                let line = Array(buffer[start..<end])
                start = end + 1
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) { continue }
                messages.append(Result { () throws(WireError) in try JSONCodec.decode(line: line, limits: limits) })
                // The first message, a hello asking for binary, switches the rest of the connection
                // to binary records; a later hello (refused) switches nothing.
                if !readFirstMessage, case .success(.hello(_, _, _, .binary, _)) = messages.last { encoding = .binary }
                readFirstMessage = true
            case .binary:
                var header = BinaryCodec.Reader(bytes: buffer[start...], limits: limits)
                let length: UInt64
                do {
                    length = try header.unsigned()
                } catch {
                    guard buffer.count - start < 10 else { throw .framing("a record length longer than 10 bytes") }
                    return
                }
                guard length <= UInt64(limits.maximumMessageBytes) else {
                    throw .framing("a record of \(length) bytes is over the limit of \(limits.maximumMessageBytes)")
                }
                guard buffer.count - header.position >= Int(length) else { return }
                let payload = buffer[header.position..<(header.position + Int(length))]
                start = header.position + Int(length)
                messages.append(Result { () throws(WireError) in try BinaryCodec.decode(payload: payload, limits: limits) })
            }
        }
    }
}

/// Encodes a message in a connection's encoding.
public enum MessageEncoder {
    public static func encode(_ message: Message, as encoding: Encoding) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(message, as: encoding, into: &bytes)
        return bytes
    }

    /// Appends the message's bytes (what a connection queues for its next write).
    public static func encode(_ message: Message, as encoding: Encoding, into bytes: inout [UInt8]) {
        switch encoding {
        case .json: bytes += JSONCodec.line(message)
        case .binary: BinaryCodec.record(message, into: &bytes)
        }
    }
}
