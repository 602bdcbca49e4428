import LoomCells

/// A colour is a view, as in SwiftUI: it fills the space it is offered.
extension Color: View {}

extension Color: LeafPrimitive {
    func primitive(in node: PrimitiveNode<Color>) -> Primitive? { .color(self) }
}
