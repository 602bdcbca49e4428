/// The text of one cell — a grapheme cluster, or nothing for the right half of a wide one —
/// in 16 bytes that hold no reference.
///
/// A frame copies, clears and compares whole rows of cells. With a `String` in each, every
/// cell copied was retained and released and every comparison went through `String`'s; held as
/// plain bytes, a row is plain memory. A cluster of up to `inlineCapacity` UTF-8 bytes (every
/// letter, ideograph, box-drawing character and most emoji) is stored in place; a longer one
/// (a ZWJ emoji sequence, a letter with several combining marks) is stored once for the
/// process in `LongClusters`, and the cell holds its number.
///
/// Two texts are equal when their bytes are: the viewer's terminal is sent bytes, so canonically
/// equivalent spellings ("é" and "e" + U+0301) are different cells.
public struct CellText: Sendable, Hashable, CustomStringConvertible {
    /// Bytes 0..<15: the UTF-8 bytes, the rest zero; byte 15: their count, or `longTag` with
    /// the long cluster's number in bytes 0..<4. A tuple: its layout is its elements in order.
    private var storage: (UInt64, UInt64) = (0, 0)

    /// UTF-8 bytes stored in place.
    public static let inlineCapacity = 15
    private static let longTag: UInt8 = 0xFF

    /// The right half of a wide cluster (Neovim's convention: an empty cell).
    public static let empty = CellText()
    public static let space = CellText(" ")

    public init() {}

    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { CellText(utf8: $0) }
    }

    /// A cluster's UTF-8 bytes (valid UTF-8: layout and the wire's decoder check it).
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        self.init(utf8: utf8, longClusters: .shared)
    }

    /// `longClusters`: the process's table, or a test's own.
    init(utf8: UnsafeBufferPointer<UInt8>, longClusters: LongClusters) {
        storage = Self.storage(of: utf8, longClusters: longClusters)
    }

    /// A text longer than a cell may hold (`Cell.maximumBytes`, which layout and the wire's
    /// decoder already keep to) keeps the whole scalars that fit, so no entry of `LongClusters`
    /// is longer.
    private static func storage(of utf8: UnsafeBufferPointer<UInt8>, longClusters: LongClusters) -> (UInt64, UInt64) {
        guard utf8.count <= Cell.maximumBytes else {
            return storage(of: UnsafeBufferPointer(rebasing: utf8[..<scalarBoundary(in: utf8, limit: Cell.maximumBytes)]), longClusters: longClusters)
        }
        var storage: (UInt64, UInt64) = (0, 0)
        if utf8.count <= inlineCapacity {
            withUnsafeMutableBytes(of: &storage) { bytes in
                bytes.copyMemory(from: UnsafeRawBufferPointer(utf8))
                bytes[inlineCapacity] = UInt8(utf8.count)
            }
        } else if let number = longClusters.number(of: Array(utf8)) {
            withUnsafeMutableBytes(of: &storage) { bytes in
                bytes.storeBytes(of: number.littleEndian, as: UInt32.self)
                bytes[inlineCapacity] = longTag
            }
        } else {
            storage = Self.storage(of: UnsafeBufferPointer(rebasing: utf8[..<scalarBoundary(in: utf8, limit: inlineCapacity)]), longClusters: longClusters)
        }
        return storage
    }

    /// Where the longest run of whole scalars within `limit` bytes ends (`utf8` is longer): a
    /// cluster cut keeps its base character and the marks nearest it.
    private static func scalarBoundary(in utf8: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        var end = limit
        // A continuation byte (10xxxxxx) is inside a scalar: step back to its first byte.
        while end > 0 && utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }

    private var tag: UInt8 { withUnsafeBytes(of: storage) { $0[Self.inlineCapacity] } }

    public var isEmpty: Bool { storage == (0, 0) }

    /// The cluster as a string.
    public var string: String { string(in: .shared) }

    func string(in longClusters: LongClusters) -> String {
        withUTF8(in: longClusters) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the cluster's UTF-8 bytes.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUTF8(in: .shared, body)
    }

    private func withUTF8<Result>(in longClusters: LongClusters, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let tag = self.tag
        if tag == Self.longTag {
            let text = longClusters.text(numbered: withUnsafeBytes(of: storage) { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
            return try text.withUnsafeBufferPointer(body)
        }
        return try withUnsafeBytes(of: storage) { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[..<Int(tag)]))
        }
    }

    public static func == (lhs: CellText, rhs: CellText) -> Bool {
        lhs.storage == rhs.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.0)
        hasher.combine(storage.1)
    }

    public var description: String { string }
}
