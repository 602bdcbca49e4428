/// A view the graph handles itself instead of evaluating a `body`: containers, controls, leaves,
/// modifiers and the structural views `@ViewBuilder` produces.
///
/// A primitive container does not compare its value before updating (its children compare
/// theirs), so it is cheap to pass through; leaves compare to know whether they changed.
/// The graph asks these questions of the type, never by casting a value: casting an `Optional`
/// view to an existential would unwrap it.
protocol PrimitiveView: View where Body == Never {
    /// Reconciles the children of the node from this value, in order. Mutating only so that
    /// the node's value is lent in place and its parts can be lent on (`ChildList.append(lending:)`):
    /// it changes nothing.
    mutating func updateChildren(_ children: inout ChildList)

    /// What a snapshot of the primitive tree shows for this view; nil for views that only group
    /// their children (tuples, conditionals, `ForEach`, identity and lifecycle modifiers).
    func primitive(in node: PrimitiveNode<Self>) -> Primitive?

    /// Whether `primitive(in:)` reads what can change while the node takes no new value (a
    /// picker's options and a stack's top title below it, a field's text as it is typed): it
    /// is asked again whenever the node's layout stamp moves. Any other is kept until the node
    /// takes a new value or updates (a toggle's state changes only then) — a list or a stack
    /// above a changed row is not made again.
    static var primitiveReadsTheNode: Bool { get }

    /// The children a snapshot shows and a viewer can act on (a navigation stack: its top).
    func visibleChildren(in node: PrimitiveNode<Self>) -> ArraySlice<Node>

    /// The kind of control a viewer can act on, if this view is one.
    static var controlKind: ControlKind? { get }

    /// Acts on the control (outside any evaluation, like a key press).
    func perform(_ action: ControlAction, in node: PrimitiveNode<Self>)

    /// The selection value this view stands for in a `Picker` (`.tag(_:)`).
    var tagValue: AnyHashable? { get }

    /// Creates the node for this view; a `PrimitiveNode` unless the view needs its own kind.
    func makeNode(parent: Node?, graph: ViewGraph) -> Node

    /// Leaves have no children; they are compared before updating.
    static var isLeaf: Bool { get }

    /// Whether a new value is compared with the node's before it is updated, and an equal one
    /// skipped (rule 5, as for views with a body): leaves, and leaves under built-in modifiers
    /// (`Text("label").frame(width: 12)`), whose comparison costs their few fields. Containers
    /// are not compared: their content can hold a collection whose comparison costs its length
    /// (a million rows made again, equal) where updating costs only the rows shown; each child
    /// compares its own.
    static var comparesBeforeUpdating: Bool { get }

    /// Whether updating reads state (a binding, a closure over state) and must be tracked like a body.
    static var readsState: Bool { get }

    /// The node is leaving the graph: release what it holds, queue `onDisappear`.
    func nodeWillBeDestroyed(_ node: PrimitiveNode<Self>)

    /// The node was created: containers set up the context their children inherit.
    func nodeDidAppear(_ node: PrimitiveNode<Self>)

    /// A built-in modifier's behaviour, for what is found by walking up from a node (a
    /// submission's actions, a focus binding): asked on a viewer's key, never on updates.
    var modifierBehavior: (any ViewModifierBehavior)? { get }
}

extension PrimitiveView {
    func updateChildren(_ children: inout ChildList) {}
    func primitive(in node: PrimitiveNode<Self>) -> Primitive? { nil }
    func visibleChildren(in node: PrimitiveNode<Self>) -> ArraySlice<Node> { node.children[...] }
    static var primitiveReadsTheNode: Bool { false }
    static var controlKind: ControlKind? { nil }
    func perform(_ action: ControlAction, in node: PrimitiveNode<Self>) {}
    var tagValue: AnyHashable? { nil }
    func makeNode(parent: Node?, graph: ViewGraph) -> Node { PrimitiveNode(self, parent: parent, graph: graph) }
    static var isLeaf: Bool { false }
    static var comparesBeforeUpdating: Bool { isLeaf }
    static var readsState: Bool { false }
    func nodeWillBeDestroyed(_ node: PrimitiveNode<Self>) {}
    func nodeDidAppear(_ node: PrimitiveNode<Self>) {}
    var modifierBehavior: (any ViewModifierBehavior)? { nil }
}
