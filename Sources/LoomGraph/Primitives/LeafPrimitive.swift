/// A primitive without children, compared before it is updated so unchanged leaves cost nothing.
protocol LeafPrimitive: PrimitiveView {}

extension LeafPrimitive {
    static var isLeaf: Bool { true }
}
