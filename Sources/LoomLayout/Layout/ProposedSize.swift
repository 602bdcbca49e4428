import LoomGraph

/// What a parent offers a child, per axis: nil asks for the child's ideal size, `infinity` for
/// its largest, a number for that many cells.
package struct ProposedSize: Sendable, Hashable {
    package var width: Int?
    package var height: Int?

    package init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    package static let infinity = Int.max
    package static let unspecified = ProposedSize(width: nil, height: nil)

    subscript(axis: Axis) -> Int? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(_ axis: Axis, along: Int?, across: Int?) {
        self = axis == .horizontal ? ProposedSize(width: along, height: across) : ProposedSize(width: across, height: along)
    }

    /// The proposal less some cells (never below none); nil and infinity stay what they are.
    func shrunk(width: Int = 0, height: Int = 0) -> ProposedSize {
        ProposedSize(width: self.width.map { $0.subtracting(width) }, height: self.height.map { $0.subtracting(height) })
    }
}

extension Int? {
    /// A proposed length that is a number of cells: nil for none and for infinity.
    var finite: Int? { self == ProposedSize.infinity ? nil : self }

    /// The length a view that takes what it is offered (a colour, a list, a field, a frame
    /// with an infinite maximum) takes of this proposal: at infinity, the longest extent. A
    /// stack measures its children's flexibility at infinity, so such a view is found the most
    /// flexible and is served last, taking the rest (as in SwiftUI), and no size is infinite.
    var taken: Int? { self == ProposedSize.infinity ? LayoutEngine.maximumExtent : self }
}

/// A size in cells: the graph's `CellSize` (what a `GeometryReader` is told), under the name
/// layout uses throughout.
package typealias Size = CellSize

extension CellSize {
    package static let zero = Size(width: 0, height: 0)

    subscript(axis: Axis) -> Int {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(_ axis: Axis, along: Int, across: Int) {
        self = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}


extension Axis {
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Cell arithmetic that saturates instead of trapping: `ProposedSize.infinity` stays infinite,
/// and a sum past the integers stops at their end.
extension Int {
    func adding(_ other: Int) -> Int {
        guard self != .max, other != .max else { return .max }
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// The difference, never below 0 (what is left of a length).
    func subtracting(_ other: Int) -> Int {
        guard self != .max else { return .max }
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other > 0 ? 0 : .max) : Swift.max(0, difference)
    }

    /// A length a view gave (an inset, a spacing, a frame's bound, a spacer's minimum), as
    /// layout uses it: negative is none, and past `LayoutEngine.maximumExtent` is that
    /// (`ProposedSize.infinity` too, where a bound may be infinite: a frame's maximum).
    var clampedLength: Int { Swift.min(Swift.max(self, 0), LayoutEngine.maximumExtent) }

    /// A computed position or length in cells (an estimate of lazy rows), clamped the same way.
    init(cells value: Double) {
        self = value.isNaN || value <= 0 ? 0 : value >= Double(LayoutEngine.maximumExtent) ? LayoutEngine.maximumExtent : Int(value)
    }
}

extension [Int] {
    /// The lengths laid end to end with `gap` cells between each two (a grid's columns, a tab
    /// bar's labels), saturating as `adding` does; 0 for none.
    func laidEndToEnd(gap: Int) -> Int {
        indices.reduce(0) { $0.adding(self[$1]).adding($1 == 0 ? 0 : gap) }
    }
}

extension EdgeInsets {
    /// The insets as layout uses them (see `clampedLength`).
    var clamped: EdgeInsets {
        EdgeInsets(top: top.clampedLength, leading: leading.clampedLength, bottom: bottom.clampedLength, trailing: trailing.clampedLength)
    }
}

extension FrameSpec {
    /// The bounds as layout uses them (see `clampedLength`); a maximum of
    /// `ProposedSize.infinity` stays infinite (`maxWidth: .infinity` takes all it is offered).
    var clamped: FrameSpec {
        func maximum(_ bound: Int?) -> Int? { bound == ProposedSize.infinity ? bound : bound?.clampedLength }
        var spec = self
        spec.minWidth = minWidth?.clampedLength
        spec.idealWidth = idealWidth?.clampedLength
        spec.maxWidth = maximum(maxWidth)
        spec.minHeight = minHeight?.clampedLength
        spec.idealHeight = idealHeight?.clampedLength
        spec.maxHeight = maximum(maxHeight)
        return spec
    }
}
