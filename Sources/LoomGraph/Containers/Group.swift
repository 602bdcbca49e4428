/// Groups views without adding anything of its own.
public struct Group<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

extension Group: PrimitiveView {
    func updateChildren(_ children: inout ChildList) { children.append(content) }
}
