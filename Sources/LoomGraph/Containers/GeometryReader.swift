/// SwiftUI's `GeometryReader`: takes all the space it is offered and builds its content for
/// the size it was given, top-leading (a dimension with no proposal, as in a scroll view's
/// direction, is one cell: SwiftUI's is a small default too).
///
/// The size is known only after layout, so the content is built by a second evaluation in the
/// same frame: layout places the reader, the host tells the graph the sizes each viewport
/// placed it at (`ViewGraph.placeGeometry`), and the reader builds its content for each
/// (`GeometryReaderNode`). Viewers of different sizes sharing a graph each get the content for
/// theirs; a resize moves the content to the new size with its `@State`.
public struct GeometryReader<Content: View>: View {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }
}

/// What a `GeometryReader`'s content knows of the space it was given.
public struct GeometryProxy: Sendable, Hashable {
    /// In cells (SwiftUI's is a `CGSize` of points): `frame(width: proxy.size.width / 2)`.
    public let size: CellSize

    /// A terminal has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// A size in terminal cells.
public struct CellSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

extension GeometryReader: PrimitiveView {
    func makeNode(parent: Node?, graph: ViewGraph) -> Node {
        GeometryReaderNode(self, parent: parent, graph: graph)
    }
}

/// The content built for one size: a primitive that layout matches with the size it placed
/// the reader at.
struct _GeometryContent<Content: View>: View {
    let size: CellSize
    let content: Content
}

extension _GeometryContent: PrimitiveView {
    func updateChildren(_ children: inout ChildList) { children.append(content) }
    func primitive(in node: PrimitiveNode<_GeometryContent>) -> Primitive? { .geometryContent(size) }
}
