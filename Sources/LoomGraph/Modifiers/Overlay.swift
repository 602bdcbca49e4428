/// A view layered over another, sized by the one below: `.overlay(alignment:) { … }`.
public struct _OverlayLayout<Content: View, Overlay: View>: View {
    let content: Content
    let overlay: Overlay
    let alignment: Alignment
}

extension _OverlayLayout: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(content)
        children.append(overlay)
    }

    func primitive(in node: PrimitiveNode<_OverlayLayout>) -> Primitive? { .overlay(alignment: alignment) }
}

extension View {
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> _OverlayLayout<Self, Overlay> {
        _OverlayLayout(content: self, overlay: content(), alignment: alignment)
    }
}
