/// The children of one `@ViewBuilder` block. Each element keeps its own position (identity).
public struct TupleView<each Content: View>: View {
    public let value: (repeat each Content)

    public init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }
}

extension TupleView: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        for child in repeat each value {
            children.append(child)
        }
    }
}
