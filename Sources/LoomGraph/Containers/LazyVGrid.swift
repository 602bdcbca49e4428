/// SwiftUI's `LazyVGrid`: its views fill the columns `columns` describes, left to right, then
/// row after row; inside a scroll view its `ForEach` builds only the items of the rows in view
/// (rule 7), whatever the collection's length.
public struct LazyVGrid<Content: View>: View {
    let spec: LazyVGridSpec
    var content: Content

    /// `spacing`: rows between grid rows (none by default, as between a stack's rows here).
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.spec = LazyVGridSpec(columns: columns, alignment: alignment, spacing: spacing)
        self.content = content()
    }
}

/// A `LazyVGrid`'s settings.
public struct LazyVGridSpec: Sendable, Hashable {
    public var columns: [GridItem]
    /// Where the columns sit when they do not fill the grid's width.
    public var alignment: HorizontalAlignment
    public var spacing: Int?
}

/// One column of a `LazyVGrid` (an adaptive one, as many as fit), as SwiftUI describes it, in
/// cells.
public struct GridItem: Sendable, Hashable {
    public enum Size: Sendable, Hashable {
        /// Exactly this wide.
        case fixed(Int)
        /// A share of the width left by the fixed columns, within these bounds. SwiftUI's
        /// default minimum is 10 points; here it is one cell.
        case flexible(minimum: Int = 1, maximum: Int = .infinity)
        /// As many columns as fit in this item's share, each at least `minimum` wide.
        case adaptive(minimum: Int, maximum: Int = .infinity)
    }

    public var size: Size
    /// Cells after this item's columns, before the next (one by default).
    public var spacing: Int?
    /// Where a view sits in its cell (centred by default).
    public var alignment: Alignment?

    /// The most columns a grid's items resolve to (adaptive items at a very large width): past
    /// it, the columns that would follow are not made, so a layout allocates no more.
    package static let maximumColumns = 1_024

    public init(_ size: Size = .flexible(), spacing: Int? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

extension LazyVGrid: RowBuildingContainer {
    static var buildsLazily: Bool { true }
    func primitive(in node: PrimitiveNode<LazyVGrid>) -> Primitive? { .lazyVGrid(spec) }
}
