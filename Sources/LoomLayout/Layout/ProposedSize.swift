/// What a parent offers a child, per axis: nil asks for the child's ideal size, `infinity` for
/// its largest, a number for that many cells.
public struct ProposedSize: Sendable, Hashable {
    public var width: Int?
    public var height: Int?

    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    public static let infinity = Int.max
    public static let unspecified = ProposedSize(width: nil, height: nil)

    subscript(axis: Axis) -> Int? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(_ axis: Axis, along: Int?, across: Int?) {
        self = axis == .horizontal ? ProposedSize(width: along, height: across) : ProposedSize(width: across, height: along)
    }
}

/// A size in cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    subscript(axis: Axis) -> Int {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(_ axis: Axis, along: Int, across: Int) {
        self = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }

    public var description: String { "\(width)x\(height)" }
}

import LoomGraph

extension Axis {
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Cell arithmetic that saturates at `ProposedSize.infinity` instead of overflowing.
extension Int {
    func adding(_ other: Int) -> Int { self == .max || other == .max ? .max : self &+ other }
    func subtracting(_ other: Int) -> Int { self == .max ? .max : Swift.max(0, self - other) }
}
