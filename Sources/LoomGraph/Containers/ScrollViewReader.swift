/// SwiftUI's `ScrollViewReader`: its content is given a proxy whose `scrollTo` scrolls the
/// scroll view (or list) holding the view of an id — a `ForEach` element's or an `.id(_:)` —
/// to show it.
///
/// Scroll offsets are each viewer's, so a `scrollTo` is a request the viewports follow when
/// next laid out, once each (as a `@FocusState` written by a program is): made by a button a
/// viewer pressed, it moves that viewer's window; made on appear or on a change of shared
/// data, every viewer of the graph. A row a lazy container has not built is found in its
/// collection, scrolled to at its estimated place, then shown exactly once it is built.
public struct ScrollViewReader<Content: View>: View {
    let content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }
}

/// What a `ScrollViewReader`'s content scrolls with. Use it on the graph's thread (an action,
/// a task, `onAppear`, `onChange`); it does nothing once its graph is gone.
public struct ScrollViewProxy {
    private weak var graph: ViewGraph?

    init(graph: ViewGraph) {
        self.graph = graph
    }

    /// Scrolls to show the view of `id`: with no anchor, by as little as shows it whole; with
    /// one, so that the anchor's point of the view lies on the same point of the scroll view
    /// (`.top` puts it at the top, `.center` in the middle, `.bottom` at the bottom).
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        graph?.requestScroll(ScrollRequest(id: AnyHashable(id), anchor: anchor))
    }
}

/// A program's `scrollTo`, for the viewports to follow.
package struct ScrollRequest {
    package let id: AnyHashable
    package let anchor: UnitPoint?
}

extension ScrollViewReader: PrimitiveView {
    /// The content closure may read state: it is built under the node's tracking.
    static var readsState: Bool { true }

    func updateChildren(_ children: inout ChildList) {
        children.append(content(ScrollViewProxy(graph: children.node.graph)))
    }
}

/// What a `scrollTo`'s id names, found in the graph.
package enum ScrollTarget {
    /// A view built now (its first box is the one to show).
    case node(Node)
    /// A row of a lazy `ForEach` not built: its index in the collection, and its container.
    case lazyRow(index: Int, container: Node)
}

extension ViewGraph {
    func requestScroll(_ request: ScrollRequest) {
        scrollRequest = request
        scrollRequestGeneration += 1
        viewportsMustFollow()
    }

    /// The view an id names: an `.id(_:)`'s, or a `ForEach` element's, among the views shown
    /// (a walk of the built nodes); else an element of a lazy `ForEach`'s collection.
    package func scrollTarget(of id: AnyHashable) -> ScrollTarget? {
        var stack: [Node] = [root]
        while let node = stack.popLast() {
            if let identity = node.modifierBehavior as? _IdentityModifier, identity.id == id { return .node(node) }
            if let rows = node as? any RowIdentifying, let position = rows.rowIDs.firstIndex(of: id), position < node.children.count {
                return .node(node.children[position])
            }
            stack.append(contentsOf: node.visibleChildren.reversed())
        }
        for entry in lazyForEachNodes.values {
            let node = entry.takeUnretainedValue()
            if let container = node.lazyContainer, let index = (node as? any RowIdentifying)?.index(ofRowID: id) {
                return .lazyRow(index: index, container: container)
            }
        }
        return nil
    }
}
