import LoomGraph

/// A node that lays out: one with a primitive. Composites, tuples, conditionals and `ForEach`
/// are transparent: their primitive descendants take their place in the parent's layout.
struct LayoutElement {
    let node: Node
    /// For a row of a `ForEach` inside a lazy container: its index, and the `ForEach`.
    var row: (index: Int, forEach: Node)?

    /// Asked of the node each time, not kept: a list of elements outlives changes to what they
    /// show (it is kept while the graph's structure holds). Elements are made only of nodes
    /// that have a primitive, and a node keeps having one.
    var primitive: Primitive { node.primitive! }

    /// The elements below `node`'s visible children, in order, found without recursion.
    static func children(of node: Node) -> [LayoutElement] {
        var elements: [LayoutElement] = []
        var stack: [(Node, (index: Int, forEach: Node)?)] = node.visibleChildren.reversed().map { ($0, nil) }
        while let (current, row) = stack.popLast() {
            if current.primitive != nil {
                elements.append(LayoutElement(node: current, row: row))
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
