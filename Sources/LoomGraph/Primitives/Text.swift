/// A run of text. Layout wraps and truncates it by grapheme cluster.
public struct Text: View, Equatable, Sendable {
    public let content: String

    public init(_ content: String) {
        self.content = content
    }

    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public init(verbatim content: String) {
        self.content = content
    }
}

extension Text: LeafPrimitive {
    func primitive(in node: PrimitiveNode<Text>) -> Primitive? { .text(content) }
}
