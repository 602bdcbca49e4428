/// A JSON Pointer (RFC 6901): `/jobs/42/status`, `""` for the whole document, `~1` for `/` and
/// `~0` for `~` inside a token. In JSON Patch, a last token `-` means "after the last element".
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    public let tokens: [String]

    public static let root = JSONPointer(tokens: [])

    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses the pointer's text; refuses text not starting with `/` and bad `~` escapes.
    public init(_ text: String) throws(DocumentError) {
        // Each token is decoded from the bytes between slashes; only one with a `~` is unescaped.
        // Every `set` parses one: the bytes are read once, and the tokens' array is made at its size.
        var text = text
        var tokens: [String] = []
        let valid = text.withUTF8 { bytes -> Bool? in
            guard let first = bytes.first else { return true }
            guard first == UInt8(ascii: "/") else { return nil }
            tokens.reserveCapacity(bytes.count { $0 == UInt8(ascii: "/") })
            var start = 1
            for end in 1...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                guard let token = Self.token(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return false }
                tokens.append(token)
                start = end + 1
            }
            return true
        }
        switch valid {
        case nil: throw DocumentError(.invalidPointer, "a JSON Pointer must be empty or start with '/'", path: text)
        case .some(false): throw DocumentError(.invalidPointer, "'~' must be followed by '0' or '1'", path: text)
        case .some(true): self.tokens = tokens
        }
    }

    /// A path written in the program, as a property wrapper's argument: an invalid one is a
    /// programming error, stopped with the wrapper's name (`@StoreValue("/jobs~")`).
    package init(declared path: String, in wrapper: String) {
        do {
            try self.init(path)
        } catch {
            preconditionFailure("\(wrapper)(\"\(path)\"): \(error)")
        }
    }

    /// A token from its bytes, `~0` and `~1` unescaped; nil for a bad escape.
    private static func token(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        guard raw.contains(UInt8(ascii: "~")) else { return String(decoding: raw, as: UTF8.self) }
        var token: [UInt8] = []
        var escaped = false
        for byte in raw {
            if escaped {
                switch byte {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default: return nil
                }
                escaped = false
            } else if byte == UInt8(ascii: "~") {
                escaped = true
            } else {
                token.append(byte)
            }
        }
        return escaped ? nil : String(decoding: token, as: UTF8.self)
    }

    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1") }.joined()
    }

    public var isRoot: Bool { tokens.isEmpty }
    public var parent: JSONPointer? { isRoot ? nil : JSONPointer(tokens: Array(tokens.dropLast())) }
    public var lastToken: String? { tokens.last }

    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// Whether `self` is `other` or inside it.
    public func isWithin(_ other: JSONPointer) -> Bool {
        tokens.count >= other.tokens.count && tokens.starts(with: other.tokens)
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }

    /// The index an array token names: digits without leading zeros (RFC 6901 §4).
    /// One pass over the digits (every step of a path through an array reads one); an index
    /// past `Int.max` is no index.
    package static func arrayIndex(_ token: String) -> Int? {
        let digits = token.utf8
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var index = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow) = index.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(Int(digit &- UInt8(ascii: "0")))
            guard !overflow && !carry else { return nil }
            index = sum
        }
        return index
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

extension JSONValue {
    /// The value `pointer` names (RFC 6901 §4), or nil when it names nothing. Walks without recursion.
    public func value(at pointer: JSONPointer) -> JSONValue? {
        var current = self
        for token in pointer.tokens {
            switch current {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = member
            case .array(let elements):
                guard let index = JSONPointer.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
