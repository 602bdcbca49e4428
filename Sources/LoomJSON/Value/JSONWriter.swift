/// Compact JSON text from a `JSONValue`, written straight into bytes.
///
/// Non-ASCII text is written as UTF-8; quotes, backslashes and control characters are escaped.
/// Containers are written with an explicit stack, so deep documents cost no recursion.
public enum JSONWriter {
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output)
        return output
    }

    public static func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    public static func write(_ value: JSONValue, into output: inout [UInt8]) {
        // The containers being written, each with the position of what comes next in it and
        // whether anything was written yet (a comma goes before every member but the first).
        enum Container {
            case array([JSONValue])
            case object(JSONObject)
        }
        var open: [(container: Container, next: Int, wroteAny: Bool)] = []
        var pending: JSONValue? = value
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .int(let number): writeInteger(number, into: &output)
                case .double(let number): output.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
                case .string(let text): writeString(text, into: &output)
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    open.append((.array(elements), 0, false))
                case .object(let object):
                    output.append(UInt8(ascii: "{"))
                    open.append((.object(object), 0, false))
                }
            }
            guard let top = open.indices.last else { return }
            var next = open[top].next
            switch open[top].container {
            case .array(let elements):
                guard next < elements.count else {
                    output.append(UInt8(ascii: "]"))
                    open.removeLast()
                    continue
                }
                pending = elements[next]
                next += 1
            case .object(let object):
                var found: (key: String, value: JSONValue)?
                while next < object.slotCount {
                    found = object.member(inSlot: next)
                    if found != nil { break }
                    next += 1
                }
                guard let member = found else {
                    output.append(UInt8(ascii: "}"))
                    open.removeLast()
                    continue
                }
                if open[top].wroteAny { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                pending = member.value
                next += 1
                open[top].next = next
                open[top].wroteAny = true
                continue
            }
            if open[top].wroteAny { output.append(UInt8(ascii: ",")) }
            open[top].next = next
            open[top].wroteAny = true
        }
    }

    /// Decimal digits without making a `String` for each number.
    private static func writeInteger(_ number: Int64, into output: inout [UInt8]) {
        // The most an Int64 takes (a sign and 19 digits): room made once, not digit by digit.
        output.reserveCapacity(output.count + 20)
        if number < 0 { output.append(UInt8(ascii: "-")) }
        let start = output.count
        var magnitude = number.magnitude
        repeat {
            output.append(UInt8(ascii: "0") &+ UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // Reversed in place (a slice's `reverse()` copies the array's storage first).
        var low = start, high = output.count - 1
        while low < high {
            output.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string: the runs of bytes that need no escape are copied whole.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for (position, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                runStart = position + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
