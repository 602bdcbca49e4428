/// The node of a `GeometryReader`: one child per size it was placed at, each its content built
/// for that size (`_GeometryContent`).
///
/// The host tells it the sizes (`request`): a size it has keeps its child; a new size takes
/// over the child of a size no longer placed (so a resize keeps the content's `@State`), else
/// builds one; children left over are destroyed. Its content is built under its tracking, as a
/// body is: a change to what the closure reads rebuilds it.
final class GeometryReaderNode<Content: View>: ViewNode<GeometryReader<Content>> {
    /// The size of each child, in order.
    private var sizes: [CellSize] = []
    /// The sizes the host placed it at last.
    private var placed: [CellSize] = []

    override init(_ view: GeometryReader<Content>, parent: Node?, graph: ViewGraph) {
        super.init(view, parent: parent, graph: graph)
        graph.geometryReaders += 1
    }

    override var tracksDependencies: Bool { true }
    override var primitive: Primitive? { .geometryReader }

    /// Whether `sizes` differ from those it was built for; if so it is evaluated again.
    func request(_ sizes: [CellSize]) -> Bool {
        guard sizes != placed else { return false }
        placed = sizes
        return true
    }

    override func process() {
        var kept = Dictionary(uniqueKeysWithValues: zip(sizes, children))
        var freed = sizes.filter { !placed.contains($0) }.compactMap { kept.removeValue(forKey: $0) }
        var newChildren: [Node] = []
        newChildren.reserveCapacity(placed.count)
        for size in placed {
            let content = _GeometryContent(size: size, content: view.content(GeometryProxy(size: size)))
            if let child = kept.removeValue(forKey: size) ?? (freed.isEmpty ? nil : freed.removeFirst()) {
                unsafeDowncast(child, to: ViewNode<_GeometryContent<Content>>.self).receive(content)
                newChildren.append(child)
            } else {
                // A copy of another graph (a viewer taking its own view state) starts from the
                // source's content for this size, else its first.
                newChildren.append(graph.makeNode(content, parent: self) { source in
                    guard let reader = source as? Self else { return nil }
                    return reader.sizes.firstIndex(of: size).map { reader.children[$0] } ?? reader.children.first
                })
            }
        }
        for leftover in freed + kept.values { graph.destroy(leftover) }
        children = newChildren
        sizes = placed
    }

    override func willBeDestroyed() {
        graph.geometryReaders -= 1
    }
}

extension ViewGraph {
    /// Tells a `GeometryReader`'s node the sizes the viewports placed it at (the layout layer
    /// calls it after each layout): if they changed, it builds its content for them in the next
    /// pass (cause `@geometry`). An empty list (placed nowhere, as when scrolled out) keeps what it has.
    package func placeGeometry(_ node: Node, sizes: [CellSize]) {
        guard !sizes.isEmpty, let reader = node as? any GeometryRequesting, reader.request(sizes) else { return }
        invalidate(node, cause: .geometry)
    }
}

/// A node that builds its content for the sizes it is placed at.
protocol GeometryRequesting: Node {
    func request(_ sizes: [CellSize]) -> Bool
}

extension GeometryReaderNode: GeometryRequesting {}
