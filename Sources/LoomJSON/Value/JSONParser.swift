import Glibc

/// Why JSON text was refused: where, and what was wrong.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset of the problem in the input.
    public let offset: Int
    public let message: String
    /// The text may be valid JSON, but is past one of `JSONLimits`.
    public var isLimit = false
    /// The text is JSON, but its top-level object names a member twice
    /// (`JSONLimits.requiresUniqueTopLevelKeys`).
    public var isDuplicateKey = false
    /// When the text is an object: its members read whole before the error (a protocol
    /// message's `id` before a member that is not JSON), so a reply can still name it.
    public var membersBefore: JSONObject?

    public var description: String { "\(message) at byte \(offset)" }
}

/// Strict RFC 8259 parsing straight into `JSONValue`, with no intermediate Foundation objects.
///
/// Refused: anything RFC 8259 does not allow (trailing commas, comments, single quotes, leading
/// zeros, control characters in strings, invalid UTF-8, lone surrogate escapes), numbers too
/// large for a double, and input past `JSONLimits`. Duplicate object keys are accepted; the
/// last value wins, in the first one's place. Recursion is bounded by `maximumDepth`.
public enum JSONParser {
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(JSONError) in try parse(bytes, limits: limits) } }
        return try result.get()
    }

    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try parse(buffer, limits: limits) }
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default) throws(JSONError) -> JSONValue {
        guard bytes.count <= limits.maximumBytes else {
            throw JSONError(offset: 0, message: "JSON text of \(bytes.count) bytes is over the limit of \(limits.maximumBytes)", isLimit: true)
        }
        var reader = Reader(bytes: bytes, limits: limits)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    var index = 0
    /// The elements and members of the arrays and objects being read, innermost last: each is
    /// made once its end is read, with storage for exactly what it holds (appending to it as
    /// it is read would leave up to half its storage unused, for as long as the store keeps it).
    private var elements: [JSONValue] = []
    private var members: [(key: String, value: JSONValue)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func error(_ message: String, isLimit: Bool = false) -> JSONError {
        JSONError(offset: index, message: message, isLimit: isLimit)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else {
            throw error("invalid literal")
        }
        index += count
        return value
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input, a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character, a value was expected")
        }
    }

    mutating func checkDepth(_ depth: Int) throws(JSONError) {
        guard depth <= limits.maximumDepth else { throw error("nesting deeper than the limit of \(limits.maximumDepth)", isLimit: true) }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        let first = elements.count
        defer { elements.removeSubrange(first...) }
        while true {
            skipWhitespace()
            let element = try value(depth: depth)
            elements.append(element)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(Array(elements[first...]))
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        let first = members.count
        defer { members.removeSubrange(first...) }
        guard depth == 1 else { return try objectMembers(from: first, depth: depth) }
        do {
            return try objectMembers(from: first, depth: depth)
        } catch {
            var error = error
            error.membersBefore = JSONObject(members[first...])
            throw error
        }
    }

    private mutating func objectMembers(from first: Int, depth: Int) throws(JSONError) -> JSONValue {
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            let member = try value(depth: depth)
            members.append((key, member))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                let object = JSONObject(members[first...])
                if depth == 1 && limits.requiresUniqueTopLevelKeys && object.count != members.count - first {
                    var duplicate = error("a member named twice")
                    duplicate.isDuplicateKey = true
                    throw duplicate
                }
                return .object(object)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    mutating func string() throws(JSONError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes — the bytes are the string. ASCII needs no validation.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                try checkStringLength(slice.count)
                index += 1
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let string = String(validating: slice, as: UTF8.self) else {
                    index -= 1
                    throw error("invalid UTF-8 in a string")
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string") }
            ascii = ascii && byte < 0x80
            index += 1
        }
        var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: unescaped, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &unescaped)
            case ..<0x20:
                throw error("control character in a string")
            default:
                unescaped.append(byte)
                index += 1
            }
            try checkStringLength(unescaped.count)
        }
        throw error("unterminated string")
    }

    func checkStringLength(_ count: Int) throws(JSONError) {
        guard count <= limits.maximumStringBytes else { throw error("string longer than the limit of \(limits.maximumStringBytes) bytes", isLimit: true) }
    }

    mutating func escape(into output: inout [UInt8]) throws(JSONError) {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate escape without its low surrogate")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate escape followed by no low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("a lone low surrogate escape")
            }
            // Surrogates were combined or refused above, so the scalar is valid.
            UTF8.encode(Unicode.Scalar(scalar)!) { output.append($0) }
        default:
            throw error("invalid escape")
        }
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func digits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    mutating func number() throws(JSONError) -> JSONValue {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("a number needs digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw error("leading zeros are not allowed") }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("digits expected after the decimal point") }
            isInteger = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("digits expected in the exponent") }
            isInteger = false
        }
        if isInteger && integerDigits <= 19 {
            // 19 digits always fit in a UInt64; the sign decides whether they fit in an Int64.
            var magnitude: UInt64 = 0
            for position in integerStart..<index { magnitude = magnitude * 10 + UInt64(bytes[position] - UInt8(ascii: "0")) }
            if !negative, magnitude <= UInt64(Int64.max) { return .int(Int64(magnitude)) }
            if negative, magnitude <= UInt64(Int64.max) + 1 { return .int(Int64(bitPattern: 0 &- magnitude)) }
        }
        let length = index - start
        let double = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<index])))
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
        guard double.isFinite else {
            index = start
            throw error("number too large")
        }
        return .double(double)
    }
}
