/// A stack of views: the root, and the destinations pushed over it. Snapshots show the top.
///
/// With `path`, the stack shows the destinations for the path's values (each built by the
/// `navigationDestination(for:)` of its type) and keeps the path in step: a link pushed appends
/// its value, a pop removes the last one, and a program that changes the path pushes or pops.
public struct NavigationStack<Root: View>: View {
    let root: Root
    let path: NavigationState.Path?

    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = nil
    }

    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        self.path = NavigationState.Path(read: { path.wrappedValue.map(AnyHashable.init) },
                                         write: { path.wrappedValue = Data($0.compactMap { $0.base as? Data.Element }) })
    }
}

extension NavigationStack: PrimitiveView {
    func nodeDidAppear(_ node: PrimitiveNode<NavigationStack>) {
        node.childContext.navigation = node.state { NavigationState(node: node) }
    }

    func updateChildren(_ children: inout ChildList) {
        children.append(root, key: 0)
        let state = children.node.state { NavigationState(node: children.node) }
        state.path = path
        state.followPath()
        for entry in state.entries {
            // `@Environment(\.dismiss)` in a destination pops it (and what was pushed over it).
            children.append(entry.view.environment(\.dismiss, DismissAction { [weak state] in state?.pop(entry: entry.id) }), key: entry.id)
        }
    }

    /// Its path is a binding, read while it updates.
    static var readsState: Bool { true }
    static var primitiveReadsTheNode: Bool { true }

    func primitive(in node: PrimitiveNode<NavigationStack>) -> Primitive? {
        .navigationStack(title: node.state { NavigationState(node: node) }.topTitle)
    }

    /// Only the top of the stack is shown; the views under it stay alive with their state.
    func visibleChildren(in node: PrimitiveNode<NavigationStack>) -> ArraySlice<Node> { node.children.suffix(1) }
}

extension ViewGraph {
    /// Pops the innermost navigation stack that has something pushed; false when none has.
    @discardableResult
    public func popNavigation() -> Bool {
        guard let innermost = innermostPushedNavigation() else { return false }
        innermost.pop()
        return true
    }

    /// Whether some navigation stack shown has something pushed (what Escape would pop).
    package var canPopNavigation: Bool { innermostPushedNavigation() != nil }

    private func innermostPushedNavigation() -> NavigationState? {
        var stack: [Node] = [root]
        var innermost: NavigationState?
        while let node = stack.popLast() {
            if let state = node.primitiveState as? NavigationState, !state.entries.isEmpty { innermost = state }
            stack.append(contentsOf: node.visibleChildren.reversed())
        }
        return innermost
    }
}
