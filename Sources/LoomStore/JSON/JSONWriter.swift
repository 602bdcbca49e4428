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
        enum Step {
            case value(JSONValue)
            case raw(UInt8)
            case key(String)
        }
        var steps: [Step] = [.value(value)]
        while let step = steps.popLast() {
            switch step {
            case .raw(let byte):
                output.append(byte)
            case .key(let key):
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
            case .value(let value):
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .int(let number): output.append(contentsOf: String(number).utf8)
                case .double(let number):
                    output.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
                case .string(let text): writeString(text, into: &output)
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    steps.append(.raw(UInt8(ascii: "]")))
                    for (position, element) in elements.enumerated().reversed() {
                        steps.append(.value(element))
                        if position > 0 { steps.append(.raw(UInt8(ascii: ","))) }
                    }
                case .object(let object):
                    output.append(UInt8(ascii: "{"))
                    steps.append(.raw(UInt8(ascii: "}")))
                    for (position, member) in object.enumerated().reversed() {
                        steps.append(.value(member.value))
                        steps.append(.key(member.key))
                        if position > 0 { steps.append(.raw(UInt8(ascii: ","))) }
                    }
                }
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case ..<0x20:
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
