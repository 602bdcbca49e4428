/// A persistent node of the view graph: one per view identity, alive from appear to disappear
/// (the "view graph" of docs/architecture.md). It owns what a view value cannot: dynamic-property storage,
/// the dependencies its last evaluation recorded, its children, its dirty flag and its counters.
///
/// Nodes are confined to the graph's thread. Parents own children; a child's `parent` is unowned.
package class Node {
    /// Unowned and unchecked: the graph owns every node and tears them down before it goes.
    unowned(unsafe) package let graph: ViewGraph
    package private(set) unowned(unsafe) var parent: Node?
    /// Distance from the root; the evaluation pass visits dirty nodes shallowest first.
    let depth: Int
    /// Creation order; breaks ties between dirty nodes of one depth so passes are deterministic.
    let serial: Int
    let viewType: Any.Type
    let counters: TypeCounters
    /// The environment and structural context this node was created in.
    let context: NodeContext
    /// The context its children are created in; environment writers and containers replace it.
    var childContext: NodeContext

    /// Any change to any node's children counts in the graph's `structureGeneration`.
    package internal(set) var children: [Node] = [] {
        didSet { graph.structureGeneration &+= 1 }
    }
    /// The structural key of each child (a branch of `if`/`else`, an `.id`, a navigation entry).
    var childKeys: [Int] = []

    var isDirty = false
    var pendingCauses: [EvaluationCause] = []
    var processedPass = -1
    /// What the last evaluation read, in the order it first read each (see `depend(on:)`).
    var dependencies: [DependencySource] = []
    /// While the node is evaluated: how many of `dependencies` were read again in order, or nil
    /// once a read strayed from the order (the rest were then let go).
    private var dependenciesReadAgain: Int?
    var observationGeneration = 0
    var propertyStorage: [AnyObject?] = []
    final package internal(set) var isAlive = true

    /// How many times this node was evaluated (a body, or a primitive's update).
    package internal(set) var evaluations = 0
    /// Why it was last evaluated (docs/architecture.md, rule 11).
    package internal(set) var lastCauses: [EvaluationCause] = []

    package var typeName: String { counters.typeName }
    /// The name the view gives itself in traces (`CustomTraceName`), if it does.
    var traceName: String? { nil }

    init(viewType: Any.Type, parent: Node?, graph: ViewGraph) {
        self.graph = graph
        self.parent = parent
        self.depth = (parent?.depth ?? -1) + 1
        self.serial = graph.nextSerial()
        self.viewType = viewType
        self.counters = graph.counters(for: viewType)
        self.context = parent?.childContext ?? graph.rootContext
        self.childContext = self.context
    }

    /// Brings this node's children up to date with its current view value.
    func process() {}

    /// Whether `process` reads state and must run with dependency tracking.
    var tracksDependencies: Bool { false }

    /// Called once when the node leaves the graph: release subscriptions, queue `onDisappear`.
    func willBeDestroyed() {}

    /// Lets go of everything that could reach this node from outside the tree: dependencies,
    /// what dynamic properties subscribed to (objects outlive the views observing them), and
    /// observation callbacks still pending.
    final func release() {
        isAlive = false
        // What may still hold a node that left (a viewer's last boxes, while it is behind) may
        // walk up from it, and its parent, unowned, may be gone: it has none from now on.
        parent = nil
        clearDependencies()
        for storage in propertyStorage {
            (storage as? NodeBoundStorage)?.detach(from: self)
        }
        tokenStorage?.node = nil
    }

    private var tokenStorage: NodeToken?

    /// This node's stand-in for callbacks that may outlive it; made on first use.
    final var token: NodeToken {
        if let tokenStorage { return tokenStorage }
        let token = NodeToken(self)
        tokenStorage = token
        return token
    }

    /// Whether this is a view with a `body` (a composite) rather than a primitive: what a
    /// viewer's update highlights are attributed to.
    package var evaluatesBody: Bool { false }

    // MARK: - Dependencies

    /// An evaluation mostly reads what the last one read, in the same order (a row's store
    /// path, the environment's store): those stay registered with their sources as they are,
    /// found by comparing references in turn, and only a source read for the first time, or a
    /// read out of that order, costs a registration in the source's table. Each source is let
    /// go of and registered at most once per evaluation: the work stays linear in the reads.
    func beginDependencies() {
        dependenciesReadAgain = 0
    }

    func depend(on source: DependencySource) {
        if let readAgain = dependenciesReadAgain {
            if readAgain < dependencies.count && dependencies[readAgain] === source {
                dependenciesReadAgain = readAgain + 1
                return
            }
            // Out of order: what was not read again yet is let go of, and registered again if read.
            letGo(after: readAgain)
            dependenciesReadAgain = nil
        }
        if source.dependents.updateValue(Unmanaged.passUnretained(self), forKey: ObjectIdentifier(self)) == nil {
            dependencies.append(source)
        }
    }

    /// Lets go of what the last evaluation read and this one did not.
    func endDependencies() {
        if let readAgain = dependenciesReadAgain { letGo(after: readAgain) }
        dependenciesReadAgain = nil
    }

    private func letGo(after kept: Int) {
        guard kept < dependencies.count else { return }
        let key = ObjectIdentifier(self)
        for source in dependencies[kept...] { source.dependents[key] = nil }
        dependencies.removeSubrange(kept...)
    }

    func clearDependencies() {
        letGo(after: 0)
        dependenciesReadAgain = nil
    }

    // MARK: - What snapshots and viewers see

    /// What the primitive tree shows for this node; nil for nodes that only group children.
    package var primitive: Primitive? { nil }
    /// The children a snapshot shows (a navigation stack shows only its top).
    package var visibleChildren: ArraySlice<Node> { children[...] }
    package var controlKind: ControlKind? { nil }

    /// For a `ForEach`: the rows that exist now, as ranges of indices (its children, in order),
    /// and how many elements there are.
    package var rows: (ranges: [Range<Int>], count: Int)? { nil }

    /// The lazy container whose viewport decides this node's rows, if any.
    package var lazyContainer: Node? { context.lazyContainer }

    /// The layout generation in which this node or something below it last changed: layout
    /// caches and kept placements of a node stay valid while its stamp does (invalidated upward
    /// only from what changed).
    final package internal(set) var layoutStamp = 0
    var tagValue: AnyHashable? { nil }
    /// The built-in modifier this node applies, if it is one.
    var modifierBehavior: (any ViewModifierBehavior)? { nil }

    /// Tells the modifiers in this node's shown subtree that it left the screen or came back
    /// while its nodes live on (a navigation push covered it, a pop uncovered it). A loop over
    /// the subtree, not recursion.
    final func visibilityChanged(isVisible: Bool) {
        var pending: [Node] = [self]
        while let node = pending.popLast() {
            node.modifierBehavior?.nodeVisibilityChanged(node, isVisible: isVisible)
            pending.append(contentsOf: node.visibleChildren.reversed())
        }
    }

    /// What this node shows of its children changed while its children did not (a tab shown
    /// or hidden): it counts as a change of structure, so the lists layout keeps of each node's
    /// primitive descendants are made again.
    final func visibleChildrenChanged() {
        graph.structureGeneration &+= 1
    }

    /// Acts on the control this node is (a key press, a click), outside any evaluation; nothing
    /// once it left the graph (a viewer that is behind still shows it, and may press it).
    final package func perform(_ action: ControlAction) {
        guard isAlive else { return }
        act(action)
    }

    /// What `perform` does on a node still in the graph: controls override it.
    func act(_ action: ControlAction) {}

    // MARK: - Storage

    /// Per-node state of primitives that have it (a picker's highlighted row, environment slots).
    var primitiveState: AnyObject?

    /// What layout keeps for this node between passes (its measurements, valid while its layout
    /// stamp holds). The graph never reads it; kept here, it lives and dies with the node, so
    /// layout needs no table of nodes to look it up in, and nothing to prune.
    final package var layoutCache: AnyObject?

    /// The graph's count of changes to children anywhere: while it holds, the primitives below
    /// this node are the same nodes (what they show may have changed; their stamps say so).
    package var structureGeneration: Int { graph.structureGeneration }

    /// This node's primitive state object, created on first use.
    func state<State: AnyObject>(_ make: () -> State) -> State {
        if let existing = primitiveState { return unsafeDowncast(existing, to: State.self) }
        let created = make()
        primitiveState = created
        return created
    }

    /// The storage object of one dynamic property, created on the node's first evaluation.
    func storage<Storage: AnyObject>(slot: Int, make: () -> Storage) -> Storage {
        if slot >= propertyStorage.count {
            propertyStorage.append(contentsOf: repeatElement(nil, count: slot + 1 - propertyStorage.count))
        }
        if let existing = propertyStorage[slot] { return unsafeDowncast(existing, to: Storage.self) }
        let created = graph.stateCopy?.copiedStorage(for: self, slot: slot) as? Storage ?? make()
        propertyStorage[slot] = created
        return created
    }
}
