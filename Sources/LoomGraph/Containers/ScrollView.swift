/// A scrollable region. Its offset belongs to each viewer; the rows its lazy content builds
/// follow the lazy window.
public struct ScrollView<Content: View>: View {
    let axes: Axis.Set
    let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }
}

extension ScrollView: PrimitiveView {
    func updateChildren(_ children: inout ChildList) { children.append(content) }
    func primitive(in node: PrimitiveNode<ScrollView>) -> Primitive? { .scrollView(axes) }
}
