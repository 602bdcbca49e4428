/// A compact binary form of grid operations (what the viewer protocol's binary encoding
/// carries): unsigned LEB128 integers, strings as a length and UTF-8 bytes.
///
///     line:   0x01 row column runCount { flags text [style] [repeat] }*     flags: 1 style, 2 repeat
///     scroll: 0x02 top bottom left right zigzag(rows)
public enum GridEncoding {
    public static func encode(_ operations: [GridOperation]) -> [UInt8] {
        var bytes: [UInt8] = []
        for operation in operations {
            switch operation {
            case .line(let row, let column, let runs):
                bytes.append(1)
                varint(row, &bytes)
                varint(column, &bytes)
                varint(runs.count, &bytes)
                for run in runs {
                    bytes.append((run.style == nil ? 0 : 1) | (run.repeatCount == 1 ? 0 : 2))
                    varint(run.text.utf8.count, &bytes)
                    bytes.append(contentsOf: run.text.utf8)
                    if let style = run.style { varint(Int(style.rawValue), &bytes) }
                    if run.repeatCount != 1 { varint(run.repeatCount, &bytes) }
                }
            case .scroll(let top, let bottom, let left, let right, let rows):
                bytes.append(2)
                for value in [top, bottom, left, right] { varint(value, &bytes) }
                varint(rows >= 0 ? rows << 1 : (~rows << 1) | 1, &bytes)
            }
        }
        return bytes
    }

    private static func varint(_ value: Int, _ bytes: inout [UInt8]) {
        var value = UInt(bitPattern: value)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
