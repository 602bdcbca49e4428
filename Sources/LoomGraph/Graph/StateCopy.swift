/// A graph built as a copy of another's view state: what a viewer gets when it first acts while
/// sharing a graph (docs/architecture.md, "Where state lives"), so that what it does next
/// changes its own screen only.
///
/// The copy is built anew from the same root, as the source was, and matched with the source by
/// identity as its nodes appear: the root with the root, a child with the source child at the
/// same position with the same key and type, a `ForEach` row with the source row of the same id.
/// A matched node starts with the source's `@State` values (what timers and `onAppear` wrote
/// there); everything else is made as for a new node: `@StateObject` objects anew (as a new
/// window's), subscriptions to the store and to shared models of its own, navigation and picker
/// highlights at their start. The daemon copies only graphs no viewer has acted on, where those
/// are still at their start.
///
/// Matching lasts while the host builds what its viewers show (`ViewGraph.endCopyingState()`);
/// nodes built later are new ones.
final class StateCopy {
    let source: ViewGraph
    /// Each copied node's source node.
    private var counterparts: [ObjectIdentifier: Node] = [:]
    /// Each source node's copy: what a host moves a viewer's focus and scroll offsets along.
    private(set) var copies: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// The rows of the source's `ForEach` nodes by key, made on the first lookup in each.
    private var rowIndexes: [ObjectIdentifier: [AnyHashable: Node]] = [:]

    init(source: ViewGraph) {
        self.source = source
    }

    /// Records `node`'s counterpart: `find` picks it among the children of the parent's.
    func match(_ node: Node, parent: Node?, find: (Node) -> Node?) {
        let counterpart: Node?
        if let parent {
            counterpart = counterparts[ObjectIdentifier(parent)].flatMap(find)
        } else {
            counterpart = source.root
        }
        guard let counterpart, counterpart.viewType == node.viewType else { return }
        counterparts[ObjectIdentifier(node)] = counterpart
        copies[ObjectIdentifier(counterpart)] = ObjectIdentifier(node)
    }

    /// The source row of a `ForEach` with this key.
    func row(_ key: AnyHashable, of container: Node, keys: (Node) -> [AnyHashable]) -> Node? {
        let id = ObjectIdentifier(container)
        if rowIndexes[id] == nil {
            rowIndexes[id] = Dictionary(zip(keys(container), container.children), uniquingKeysWith: { first, _ in first })
        }
        return rowIndexes[id]?[key]
    }

    /// A copy of the storage the counterpart of `node` has in `slot`, when it is view state.
    func copiedStorage(for node: Node, slot: Int) -> AnyObject? {
        guard let counterpart = counterparts[ObjectIdentifier(node)], slot < counterpart.propertyStorage.count,
              let state = counterpart.propertyStorage[slot] as? CopyableState else { return nil }
        return state.copy()
    }
}

/// Storage that is a window's view state and starts a copied graph with the source's value.
protocol CopyableState: AnyObject {
    func copy() -> AnyObject
}
