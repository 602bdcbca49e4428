import LoomCells

/// A colour is a view, as in SwiftUI: it fills the space it is offered.
extension Color: View {}

extension Color? {
    /// SwiftUI's `.primary`, for a style that takes a colour (`foregroundColor(.primary)`,
    /// `foregroundStyle(.primary)`): the terminal's own text colour, which is no colour a cell
    /// names (a light or a dark theme's), so it is the absence of one and undoes a colour set
    /// around it.
    public static var primary: Color? { nil }
}

extension Color: LeafPrimitive {
    func primitive(in node: PrimitiveNode<Color>) -> Primitive? { .color(self) }
}
