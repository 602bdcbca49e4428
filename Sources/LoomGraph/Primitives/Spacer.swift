/// Flexible space along the axis of the stack that contains it.
public struct Spacer: View, Equatable, Sendable {
    public let minLength: Int?

    public init(minLength: Int? = nil) {
        self.minLength = minLength
    }
}

extension Spacer: LeafPrimitive {
    func primitive(in node: PrimitiveNode<Spacer>) -> Primitive? { .spacer(minLength: minLength) }
}
