/// A type-erased view. Changing the erased type replaces the subtree (a new identity), as in SwiftUI.
public struct AnyView: View {
    let content: any View

    public init<Content: View>(_ content: Content) {
        self.content = content
    }
}

extension AnyView: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(content)
    }
}

extension AnyView: ViewInput {
    /// Two erased views are the same input when they hold the same type and equal values.
    func isSameInput(as other: AnyView) -> Bool {
        func compare<C: View>(_ lhs: C) -> Bool {
            guard let rhs = other.content as? C else { return false }
            return ValueComparer.forType(C.self).equal(lhs, rhs)
        }
        return compare(content)
    }
}
