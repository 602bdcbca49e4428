import LoomGraph

/// A node that lays out: one with a primitive. Composites, tuples, conditionals and `ForEach`
/// are transparent: their primitive descendants take their place in the parent's layout.
struct LayoutElement {
    let node: Node
    let primitive: Primitive
    /// For a row of a `ForEach` inside a lazy container: its index, and the `ForEach`.
    var row: (index: Int, forEach: Node)?

    /// The elements below `node`'s visible children, in order, found without recursion.
    static func children(of node: Node) -> [LayoutElement] {
        var elements: [LayoutElement] = []
        var stack: [(Node, (index: Int, forEach: Node)?)] = node.visibleChildren.reversed().map { ($0, nil) }
        while let (current, row) = stack.popLast() {
            if let primitive = current.primitive {
                elements.append(LayoutElement(node: current, primitive: primitive, row: row))
                continue
            }
            if let rows = current.rows, current.lazyContainer != nil {
                for (child, index) in zip(current.visibleChildren, rows.ranges.joined()).reversed() {
                    stack.append((child, (index, current)))
                }
            } else {
                for child in current.visibleChildren.reversed() { stack.append((child, row)) }
            }
        }
        return elements
    }
}
