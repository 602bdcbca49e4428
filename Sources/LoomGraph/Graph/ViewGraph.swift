import Glibc

/// The view graph of one scene: mounts a root view, keeps one `Node` per view identity, and
/// evaluates exactly the nodes that need it, pass by pass (see `EvaluationPass.swift`).
///
/// It knows nothing of sockets or terminals (docs/architecture.md, "The modules, lowest first"): a host — the daemon,
/// a test, the benchmark — applies changes, runs passes and reads the primitive tree.
/// A graph and its nodes are confined to the thread that created it.
package final class ViewGraph {
    package let diagnostics = Diagnostics()
    /// Frames run so far.
    package internal(set) var pass = 0
    /// The value nodes changed now are stamped with (`Node.layoutStamp`): new for each pass,
    /// and for each change made outside one.
    var layoutGeneration = 0
    /// Changes to any node's children (see `Node.structureGeneration`).
    var structureGeneration = 0
    /// Nodes alive now.
    package internal(set) var liveNodes = 0
    /// Told of every evaluation with its causes, and the node evaluated (tests, `loom trace`,
    /// update highlighting).
    package var evaluationObserver: ((Evaluation, Node) -> Void)?
    /// Told when work arrives while no pass is running, so the host can schedule one.
    package var onNeedsPass: (() -> Void)?

    /// Which rows lazy containers build; changing it updates exactly the lazy `ForEach`es.
    package var lazyWindow: LazyWindow {
        didSet {
            guard lazyWindow != oldValue else { return }
            invalidateLazyRows(in: nil)
        }
    }

    /// Decides which rows each lazy container builds (the layout layer derives it from the
    /// viewers' viewports: the union of what they see, plus overscan). Without one,
    /// `lazyWindow` applies to every lazy container.
    /// Several viewers may look at distant parts of one list, so the rows are a set of ranges.
    package var lazyRowProvider: ((_ container: Node, _ count: Int) -> [Range<Int>])?

    /// The rows to build: sorted, merged, within the collection.
    func lazyRows(in container: Node, count: Int) -> [Range<Int>] {
        // In the provider's array: asked at every frame, it is usually one range already in order.
        var ranges = lazyRowProvider?(container, count) ?? [lazyWindow.rows(count: count)]
        var kept = 0
        for range in ranges {
            let clamped = range.clamped(to: 0..<count)
            guard !clamped.isEmpty else { continue }
            ranges[kept] = clamped
            kept += 1
        }
        ranges.removeLast(ranges.count - kept)
        guard ranges.count > 1 else { return ranges }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged = 0
        for index in 1..<ranges.count {
            let range = ranges[index]
            if range.lowerBound <= ranges[merged].upperBound {
                ranges[merged] = ranges[merged].lowerBound..<Swift.max(ranges[merged].upperBound, range.upperBound)
            } else {
                merged += 1
                ranges[merged] = range
            }
        }
        ranges.removeLast(ranges.count - merged - 1)
        return ranges
    }

    /// Asks the row provider again and updates (next pass) exactly the lazy `ForEach`es whose
    /// rows differ from what they built: a host calls it after viewers scrolled or resized.
    package func refreshLazyRows() {
        for entry in lazyForEachNodes.values {
            let node = entry.takeUnretainedValue()
            guard let container = node.lazyContainer, let rows = node.rows else { continue }
            if lazyRows(in: container, count: rows.count) != rows.ranges { invalidate(node, cause: .viewport) }
        }
    }

    /// The rows a lazy container should build changed (a viewer scrolled): its `ForEach`es are
    /// updated in the next pass. `nil`: every lazy container.
    package func invalidateLazyRows(in container: Node?) {
        for entry in lazyForEachNodes.values {
            let node = entry.takeUnretainedValue()
            if container == nil || node.lazyContainer === container { invalidate(node, cause: .viewport) }
        }
    }

    package private(set) var root: Node!
    let rootContext: NodeContext
    let inbox = ObservationInbox()
    let executor: GraphExecutor
    /// The tasks views started (`.task`), by their modifier's node: cancelled with it.
    var tasks: [ObjectIdentifier: Task<Void, Never>] = [:]

    /// The presentations shown (`.sheet`, `.alert`), oldest first: the last is on top, and has
    /// the keys.
    package internal(set) var presentations: [Node] = []

    /// The tasks running for views (`.task`, a text's clock).
    package var runningTasks: Int { tasks.count }
    let thread = pthread_self()

    var inPass = false
    var dirty: [Node] = []
    /// The storage of the last batch of dirty nodes a pass took, kept for the next one.
    var spareBatch: [Node] = []
    var deferred: [Node] = []
    var work: [Node] = []
    var enqueued: [Node] = []
    var afterPassActions: [() -> Void] = []
    var lazyForEachNodes: [ObjectIdentifier: Unmanaged<Node>] = [:]
    /// `GeometryReader`s alive: while there are none, the host skips looking for their sizes.
    package internal(set) var geometryReaders = 0
    private var serials = 0
    private var typeCounters: [ObjectIdentifier: TypeCounters] = [:]
    /// The graph whose view state this one starts from, while it is being built (`StateCopy`).
    private(set) var stateCopy: StateCopy?

    /// A graph of `root`; with `source`, one whose nodes start with the view state of the
    /// source's nodes of the same identity (`StateCopy`) until `endCopyingState()`. The source
    /// must be a graph of the same root, alive and on this thread until then.
    package init<Root: View>(_ root: Root, environment: EnvironmentValues = EnvironmentValues(), lazyWindow: LazyWindow = LazyWindow(),
                             copyingStateOf source: ViewGraph? = nil) {
        self.rootContext = NodeContext(environment: environment)
        self.executor = GraphExecutor(inbox: inbox, thread: thread)
        self.lazyWindow = lazyWindow
        self.stateCopy = source.map(StateCopy.init)
        self.root = makeNode(root, parent: nil)
    }

    /// Stops matching new nodes with the source's; returns each source node's copy (by object
    /// identity), which a host uses to move what it keeps by node (focus, scroll offsets).
    @discardableResult
    package func endCopyingState() -> [ObjectIdentifier: ObjectIdentifier] {
        defer { stateCopy = nil }
        return stateCopy?.copies ?? [:]
    }

    /// The copies of source nodes made so far, while copying state.
    package var copiedNodes: [ObjectIdentifier: ObjectIdentifier] { stateCopy?.copies ?? [:] }

    /// Releases the tree iteratively (its depth may be the user's data) and lets go of every
    /// subscription, so models that outlive the graph never reach a freed node. No `onDisappear`
    /// runs here: the graph is going away, not the views within it.
    deinit {
        endTasks()
        var stack: [Node] = [root]
        while let node = stack.popLast() {
            node.release()
            stack.append(contentsOf: node.children)
            node.children.removeAll()
        }
    }

    /// The last focus state a program wrote, for the viewports to follow when next laid out
    /// (`FocusedModifier.swift`), and how many were written: a viewport follows each once.
    var focusRequest: FocusRequest?
    package internal(set) var focusRequestGeneration = 0
    /// A focus state was written or a scroll asked for (`ScrollViewProxy.scrollTo`) since the
    /// host last laid out: it needs a frame even if no node needs evaluating.
    package var viewportRequestPending = false

    /// The last `scrollTo` a program asked for, for the viewports to follow when next laid out
    /// (`ScrollViewReader.swift`), and how many were asked: a viewport follows each once.
    package internal(set) var scrollRequest: ScrollRequest?
    package internal(set) var scrollRequestGeneration = 0

    /// A program asked the viewports to follow something (a focus state, a `scrollTo`): the
    /// host needs a frame, even if no node needs evaluating.
    func viewportsMustFollow() {
        viewportRequestPending = true
        onNeedsPass?()
    }

    /// Whether some node waits for evaluation, or work other threads sent waits to be taken.
    package var needsPass: Bool { hasOwnWork || hasOutsideWork }

    /// Nodes to evaluate, or jobs this thread's tasks enqueued.
    var hasOwnWork: Bool { !dirty.isEmpty || !deferred.isEmpty || executor.hasOwnJobs }

    /// Work from other threads: a task's jobs, an `@Observable` model's changes.
    var hasOutsideWork: Bool { inbox.hasPending || executor.hasArrivals }

    /// Called (from any thread) when a model changed off the graph's thread; the host wakes its loop.
    package func setWakeUp(_ wakeUp: (@Sendable () -> Void)?) {
        inbox.setWakeUp(wakeUp)
    }

    func nextSerial() -> Int {
        serials += 1
        return serials
    }

    // MARK: - Nodes

    /// A new node for `value`; while copying state, `counterpart` picks its source node among
    /// the children of its parent's.
    func makeNode<C: View>(_ value: C, parent: Node?, counterpart: (Node) -> Node? = { _ in nil }) -> Node {
        let node: Node
        if let primitive = C.self as? any PrimitiveView.Type {
            func make<P: PrimitiveView>(_: P.Type) -> Node {
                (value as! P).makeNode(parent: parent, graph: self)
            }
            node = make(primitive)
        } else {
            node = CompositeNode(value, parent: parent, graph: self)
        }
        stateCopy?.match(node, parent: parent, find: counterpart)
        node.counters.appears += 1
        liveNodes += 1
        enqueue(node, cause: .identity)
        return node
    }

    /// Destroys a subtree, iteratively (its depth is the user's): dependencies and subscriptions
    /// are released and `onDisappear` actions queued, parents before children.
    func destroy(_ subtree: Node) {
        var stack = [subtree]
        while let node = stack.popLast() {
            node.release()
            node.willBeDestroyed()
            node.counters.disappears += 1
            liveNodes -= 1
            stack.append(contentsOf: node.children.reversed())
            // Emptied here so that releasing the subtree never recurses as deep as it is.
            node.children.removeAll()
        }
    }

    // MARK: - Counters

    func counters(for type: Any.Type) -> TypeCounters {
        let key = ObjectIdentifier(type)
        if let existing = typeCounters[key] { return existing }
        let created = TypeCounters(typeName: _typeName(type, qualified: false))
        typeCounters[key] = created
        return created
    }

    /// The counters of one view type.
    package func counters<V: View>(of type: V.Type) -> ViewCounters {
        typeCounters[ObjectIdentifier(type)]?.snapshot ?? ViewCounters()
    }

    /// Total `body` evaluations of all types.
    package var totalBodies: Int { typeCounters.values.reduce(0) { $0 + $1.bodies } }

    /// Zeroes the work counters (bodies, updates, skips), keeping appear/disappear counts so
    /// `alive` stays right; tests use it to measure one change.
    package func resetWorkCounters() {
        for counters in typeCounters.values {
            counters.bodies = 0
            counters.updates = 0
            counters.skips = 0
        }
    }

    /// Live nodes whose type name without generic arguments is `name`, in tree order.
    package func nodes(named name: String) -> [Node] {
        var found: [Node] = []
        var stack: [Node] = [root]
        while let node = stack.popLast() {
            if node.typeName.prefix(while: { $0 != "<" }) == name { found.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }
}
