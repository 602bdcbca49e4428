/// A view compared with its own `==` before its content is evaluated: `.equatable()`.
/// Equal and not invalidated ⇒ the content's `body` is skipped (rule 5).
public struct EquatableView<Content: View & Equatable>: View, Equatable {
    public let content: Content

    public init(content: Content) {
        self.content = content
    }

    public var body: Content { content }
}

extension View where Self: Equatable {
    public func equatable() -> EquatableView<Self> {
        EquatableView(content: self)
    }
}
