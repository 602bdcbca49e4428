/// A document's text as the operator wrote it, and the JSON the compiler reads from it.
///
/// Comments (`// …` to the end of the line, `/* … */`) are allowed, as in editors' JSON-with-
/// comments: they are blanked to spaces (newlines kept) before the strict parser reads the text,
/// so every byte offset, line and column still points into what the operator wrote, and `loom
/// scene get` returns the text exactly as applied, comments included.
struct SceneSource {
    /// The text without its comments, byte for byte as long as the original.
    let json: [UInt8]

    init(_ text: [UInt8]) {
        var json = text
        var index = 0
        var inString = false
        while index < json.count {
            let byte = json[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/"), index + 1 < json.count, json[index + 1] == UInt8(ascii: "/") {
                while index < json.count, json[index] != UInt8(ascii: "\n") { json[index] = UInt8(ascii: " "); index += 1 }
                continue
            } else if byte == UInt8(ascii: "/"), index + 1 < json.count, json[index + 1] == UInt8(ascii: "*") {
                json[index] = UInt8(ascii: " ")
                json[index + 1] = UInt8(ascii: " ")
                index += 2
                while index < json.count, !(json[index] == UInt8(ascii: "*") && index + 1 < json.count && json[index + 1] == UInt8(ascii: "/")) {
                    if json[index] != UInt8(ascii: "\n") { json[index] = UInt8(ascii: " ") }
                    index += 1
                }
                // An unterminated comment runs to the end: the parser then reports what is missing.
                if index < json.count { json[index] = UInt8(ascii: " "); json[index + 1] = UInt8(ascii: " "); index += 2 }
                continue
            }
            index += 1
        }
        self.json = json
    }

    /// 1-based line and column (in bytes) of a byte offset.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(max(offset, 0), json.count) where json[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The offset of the value a pointer names (or of its member's name, for `key`), found by
    /// scanning the text, so the parser keeps no positions: it is asked only for documents
    /// that were refused. nil when the pointer names nothing in the text.
    func offset(of tokens: [String], key: Bool = false) -> Int? {
        var scanner = Scanner(bytes: json)
        scanner.skipSpace()
        for (depth, token) in tokens.enumerated() {
            let last = depth == tokens.count - 1
            guard scanner.index < json.count else { return nil }
            if json[scanner.index] == UInt8(ascii: "{") {
                scanner.index += 1
                while true {
                    scanner.skipSpace()
                    guard scanner.index < json.count, json[scanner.index] == UInt8(ascii: "\"") else { return nil }
                    let keyOffset = scanner.index
                    let name = scanner.string()
                    scanner.skipSpace()
                    guard scanner.index < json.count, json[scanner.index] == UInt8(ascii: ":") else { return nil }
                    scanner.index += 1
                    scanner.skipSpace()
                    if name == token {
                        if last && key { return keyOffset }
                        break
                    }
                    scanner.skipValue()
                    scanner.skipSpace()
                    guard scanner.index < json.count, json[scanner.index] == UInt8(ascii: ",") else { return nil }
                    scanner.index += 1
                }
            } else if json[scanner.index] == UInt8(ascii: "["), let position = Int(token) {
                scanner.index += 1
                for _ in 0..<position {
                    scanner.skipSpace()
                    scanner.skipValue()
                    scanner.skipSpace()
                    guard scanner.index < json.count, json[scanner.index] == UInt8(ascii: ",") else { return nil }
                    scanner.index += 1
                }
                scanner.skipSpace()
            } else {
                return nil
            }
        }
        return scanner.index
    }

    /// Walks JSON text already known to parse: values are skipped by counting brackets outside
    /// strings (no recursion).
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(bytes[index]) { index += 1 }
        }

        /// Reads a string at `index` and returns it decoded enough to compare with a token
        /// (escapes other than `\"` and `\\` are kept as written: member names rarely use them).
        mutating func string() -> String {
            var text: [UInt8] = []
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    if bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\\") { text.append(UInt8(ascii: "\\")) }
                }
                text.append(bytes[index])
                index += 1
            }
            index += 1
            return String(decoding: text, as: UTF8.self)
        }

        mutating func skipValue() {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    _ = string()
                    if depth == 0 { return }
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    if depth == 0 { return }
                    depth -= 1
                    index += 1
                    if depth == 0 { return }
                    continue
                }
                if depth == 0 && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")) { return }
                index += 1
            }
        }
    }
}
