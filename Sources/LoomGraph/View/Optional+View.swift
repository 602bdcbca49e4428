/// `if` without `else` and `if let`: present or absent. Becoming absent destroys the subtree.
extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    func updateChildren(_ children: inout ChildList) {
        if let content = self { children.append(content) }
    }
}
