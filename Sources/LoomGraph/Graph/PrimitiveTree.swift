/// A snapshot of the primitives the graph shows: what layout lays out and tests read.
/// Views that only group children (composites, tuples, conditionals, `ForEach`) are transparent.
package struct PrimitiveTree: Sendable, Hashable, CustomStringConvertible {
    package var primitive: Primitive
    package var children: [PrimitiveTree]

    package init(primitive: Primitive, children: [PrimitiveTree] = []) {
        self.primitive = primitive
        self.children = children
    }

    /// Every text in the tree, in order.
    package var texts: [String] {
        var texts: [String] = []
        var stack: [PrimitiveTree] = [self]
        while let tree = stack.popLast() {
            switch tree.primitive {
            case .text(let text): texts.append(text)
            case .styledText(let text): texts.append(text.string)
            default: break
            }
            stack.append(contentsOf: tree.children.reversed())
        }
        return texts
    }

    /// One line per primitive, indented by depth.
    package var description: String {
        var lines: [String] = []
        var stack: [(PrimitiveTree, Int)] = [(self, 0)]
        while let (tree, depth) = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth) + "\(tree.primitive)")
            stack.append(contentsOf: tree.children.reversed().map { ($0, depth + 1) })
        }
        return lines.joined(separator: "\n")
    }
}

extension ViewGraph {
    /// The primitive trees of the whole graph (the root's top-level primitives).
    package func primitiveTrees() -> [PrimitiveTree] {
        snapshot(of: root)
    }

    /// Every text the graph shows, in order.
    package var texts: [String] {
        primitiveTrees().flatMap(\.texts)
    }

    /// Builds the trees below `start` (inclusive), post-order with an explicit stack.
    func snapshot(of start: Node) -> [PrimitiveTree] {
        enum Step {
            case enter(Node)
            case exit(Node, firstChild: Int)
        }
        var steps: [Step] = [.enter(start)]
        var output: [PrimitiveTree] = []
        while let step = steps.popLast() {
            switch step {
            case .enter(let node):
                steps.append(.exit(node, firstChild: output.count))
                for child in node.visibleChildren.reversed() { steps.append(.enter(child)) }
            case .exit(let node, let firstChild):
                guard let primitive = node.primitive else { continue }
                let children = Array(output[firstChild...])
                output.removeSubrange(firstChild...)
                output.append(PrimitiveTree(primitive: primitive, children: children))
            }
        }
        return output
    }
}
