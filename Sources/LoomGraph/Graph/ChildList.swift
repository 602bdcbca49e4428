/// Positional reconciliation of a node's children during one update.
///
/// Position `i` keeps its node when the new value has the same type and structural key;
/// otherwise the old subtree is destroyed and a new one built (docs/architecture.md, rule 1). Children past
/// the last position appended are destroyed by `finish()`.
struct ChildList {
    let node: Node
    private var index = 0

    init(_ node: Node) {
        self.node = node
    }

    mutating func append<C: View>(_ value: C, key: Int = 0) {
        let index = index
        defer { self.index += 1 }
        /// The source's child of the same place, when the graph copies another's state.
        func counterpart(in source: Node) -> Node? {
            index < source.children.count && source.childKeys[index] == key ? source.children[index] : nil
        }
        if index < node.children.count {
            let existing = node.children[index]
            if existing.viewType == C.self, node.childKeys[index] == key {
                unsafeDowncast(existing, to: ViewNode<C>.self).receive(value)
                return
            }
            node.graph.destroy(existing)
            node.children[index] = node.graph.makeNode(value, parent: node, counterpart: counterpart)
            node.childKeys[index] = key
        } else {
            node.children.append(node.graph.makeNode(value, parent: node, counterpart: counterpart))
            node.childKeys.append(key)
        }
    }

    /// `append` of a value the caller lends as an `inout` access, which nothing may overlap:
    /// generic code passes its address on as it is, where a value read through a protocol's
    /// getter or a pointer's `pointee` was copied first (and destroyed after). Not changed.
    mutating func append<C: View>(lending value: inout C, key: Int = 0) {
        append(value, key: key)
    }

    func finish() {
        guard index < node.children.count else { return }
        for child in node.children[index...] { node.graph.destroy(child) }
        node.children.removeSubrange(index...)
        node.childKeys.removeSubrange(index...)
    }
}
