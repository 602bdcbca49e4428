/// The node of a primitive view: its children come from `PrimitiveView.updateChildren`.
///
/// Leaves (and leaves under built-in modifiers) compare their new value to tell whether they
/// changed; containers always pass new values on, and each child compares its own
/// (`PrimitiveView.comparesBeforeUpdating`).
final class PrimitiveNode<V: PrimitiveView>: ViewNode<V> {
    private let comparer: ValueComparer?
    override init(_ view: V, parent: Node?, graph: ViewGraph) {
        self.comparer = V.comparesBeforeUpdating ? ValueComparer.forType(V.self) : nil
        super.init(view, parent: parent, graph: graph)
        view.nodeDidAppear(self)
    }

    override var tracksDependencies: Bool { V.readsState }

    override func receive(_ newValue: V) {
        if let comparer, comparer.equal(kept: &view, newValue) {
            counters.skips += 1
            return
        }
        forgetPrimitive()
        super.receive(newValue)
    }

    override func process() {
        var children = ChildList(self)
        Self.updateChildren(of: &view, into: &children)
        children.finish()
        // Made now, from the value lent in place (asked later, it was made from a copy of the
        // value: a stack with all its content), after the children, which some primitives
        // read (a toggle's state). One that reads the node waits to be asked (its stamp).
        if V.primitiveReadsTheNode {
            forgetPrimitive()
        } else {
            cachedPrimitive = Self.primitive(of: &view, in: self)
            cachedStamp = layoutStamp
        }
    }

    /// The primitive, kept between the changes that can alter it: computing it from the node's
    /// value copies that value (a `List` with its data, say), and layout and the lazy-row
    /// provider ask often. Dropped when the node takes a new value, made anew when it is
    /// processed; one that reads the node (`primitiveReadsTheNode`) is dropped then instead,
    /// and is valid only while the layout stamp holds as well (a picker's options changing
    /// below it, or its highlight moved outside an evaluation, restamps it): within one pass the
    /// stamp does not change. Kept apart from the stamp it is valid for (-1: none), so that a
    /// hit copies it once.
    private var cachedPrimitive: Primitive?
    private var cachedStamp = -1

    private func forgetPrimitive() {
        cachedStamp = -1
        cachedPrimitive = nil
    }

    private static func primitive(of view: inout V, in node: PrimitiveNode) -> Primitive? {
        view.primitive(in: node)
    }

    /// Through an `inout` access, which nothing else may overlap: the value is lent to
    /// `updateChildren` (and `primitive(in:)`) as it is, where read as the node's property it was copied out for the
    /// call (the list holds the node, through which the call could have changed it).
    private static func updateChildren(of view: inout V, into children: inout ChildList) {
        view.updateChildren(&children)
    }

    override func willBeDestroyed() {
        view.nodeWillBeDestroyed(self)
    }

    package override var primitive: Primitive? {
        if cachedStamp == layoutStamp || (cachedStamp >= 0 && !V.primitiveReadsTheNode) { return cachedPrimitive }
        let primitive = view.primitive(in: self)
        cachedPrimitive = primitive
        cachedStamp = layoutStamp
        return primitive
    }
    package override var visibleChildren: ArraySlice<Node> { view.visibleChildren(in: self) }
    package override var controlKind: ControlKind? { V.controlKind }
    override var tagValue: AnyHashable? { view.tagValue }
    override var modifierBehavior: (any ViewModifierBehavior)? { view.modifierBehavior }

    override func act(_ action: ControlAction) {
        view.perform(action, in: self)
    }
}
