/// SwiftUI's `Grid`: rows (`GridRow`) whose cells line up in columns as wide as their widest
/// cell; a view in a grid that is not in a `GridRow` takes a row of its own across every
/// column (a `Divider`, a heading). Cells are aligned in their cell by the grid's alignment, or
/// vertically by their row's.
public struct Grid<Content: View>: View {
    let spec: GridSpec
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: Int? = nil, verticalSpacing: Int? = nil,
                @ViewBuilder content: () -> Content) {
        self.spec = GridSpec(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
        self.content = content()
    }
}

/// A `Grid`'s settings.
public struct GridSpec: Sendable, Hashable {
    public var alignment: Alignment
    public var horizontalSpacing: Int?
    public var verticalSpacing: Int?
}

extension Grid: PrimitiveView {
    func updateChildren(_ children: inout ChildList) { children.append(content) }
    func primitive(in node: PrimitiveNode<Grid>) -> Primitive? { .grid(spec) }
}

/// One row of a `Grid`: each of its views is a cell of the next column. Outside a grid, its
/// views stand in a row as in an `HStack`.
public struct GridRow<Content: View>: View {
    let alignment: VerticalAlignment?
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

extension GridRow: PrimitiveView {
    func updateChildren(_ children: inout ChildList) { children.append(content) }
    func primitive(in node: PrimitiveNode<GridRow>) -> Primitive? { .gridRow(alignment: alignment) }
}
