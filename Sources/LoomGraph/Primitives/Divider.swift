/// A line across the stack that contains it: horizontal in a `VStack`, vertical in an `HStack`.
public struct Divider: View, Equatable, Sendable {
    public init() {}
}

extension Divider: LeafPrimitive {
    func primitive(in node: PrimitiveNode<Divider>) -> Primitive? { .divider }
}
