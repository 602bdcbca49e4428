/// SwiftUI's `TabView`: views shown one at a time, chosen from a bar of their `tabItem` labels
/// across the top. A label is a control: focused and activated (Enter, Space), it shows its
/// tab. Which tab shows is view state, each window's own (a viewer's choice makes its graph its
/// own, as a navigation push does), or the `selection` binding's: a tab is chosen by the
/// `.tag(_:)` put on it after `tabItem`, or by its place when it has none.
///
/// A tab's content is built the first time it shows and kept with its state while another
/// shows; leaving and coming back run its `onDisappear` and `onAppear`, as in SwiftUI.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>?
    let content: Content

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content)
    }
}

/// Which tab of one `TabView` shows: a tab's tag, or for a tab without one its node's identity.
final class TabViewState {
    var selected: AnyHashable?
    /// Writes a choice to the `selection` binding, when there is one.
    var write: ((AnyHashable) -> Void)?
    /// The `tabItem` nodes below, so that a change of selection updates exactly them.
    var items: [ObjectIdentifier: Unmanaged<Node>] = [:]

    /// What selects `item`: the tag of the `.tag(_:)` between it and the tab view, else the
    /// item's own identity.
    func key(of item: Node) -> AnyHashable {
        var node = item.parent
        while let current = node, current.primitiveState !== self {
            if let tag = current.tagValue { return tag }
            node = current.parent
        }
        return AnyHashable(ObjectIdentifier(item))
    }

    /// Whether `item` is the tab that shows; with nothing chosen yet, the first asked is (the
    /// first tab: the graph updates children in order).
    func isSelected(_ item: Node) -> Bool {
        let key = key(of: item)
        if selected == nil { selected = key }
        return selected == key
    }

    /// Shows `item`'s tab: written to the binding if there is one, and the tabs updated.
    func select(_ item: Node) {
        let key = key(of: item)
        guard key != selected else { return }
        selected = key
        write?(key)
        changed(in: item.graph)
    }

    /// The selection changed: every tab updates (what shows, and the labels' marks).
    func changed(in graph: ViewGraph) {
        for item in items.values { graph.invalidate(item.takeUnretainedValue(), cause: .navigation) }
    }
}

extension TabView: PrimitiveView {
    static var readsState: Bool { true }

    func nodeDidAppear(_ node: PrimitiveNode<TabView>) {
        node.childContext.tabs = node.state { TabViewState() }
    }

    func updateChildren(_ children: inout ChildList) {
        let state = children.node.state { TabViewState() }
        if let selection {
            let chosen = AnyHashable(selection.wrappedValue)
            if chosen != state.selected {
                state.selected = chosen
                state.changed(in: children.node.graph)
            }
            state.write = { if let value = $0.base as? SelectionValue { selection.wrappedValue = value } }
        }
        children.append(content)
    }

    func primitive(in node: PrimitiveNode<TabView>) -> Primitive? { .tabView }
}

/// `.tabItem(_:)`: the label a tab shows in its `TabView`'s bar. Its node holds the label (a
/// control that selects the tab) and, once the tab has shown, its content.
public struct _TabItemModifier: ViewModifierBehavior {
    let label: AnyView

    /// Whether the tab's content was built (it is kept from its first showing on), and
    /// whether it showed at the last update.
    final class Shown {
        var content = false
        var selected = false
    }

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        let node = children.node
        let selected = node.context.tabs?.isSelected(node) ?? true
        children.append(TabLabel(label: label, isSelected: selected), key: 0)
        let shown = node.state { Shown() }
        if selected != shown.selected && shown.content && node.children.count == 2 {
            // Kept while hidden: what shows changes without a change of children.
            node.children[1].visibilityChanged(isVisible: selected)
            node.visibleChildrenChanged()
        }
        shown.selected = selected
        shown.content = shown.content || selected
        if shown.content { children.append(content, key: 1) }
    }

    /// As of its last update, which the selection's changes cause.
    func visibleChildren(in node: Node) -> ArraySlice<Node>? {
        (node.primitiveState as? Shown)?.selected == false ? node.children.prefix(1) : nil
    }

    func nodeDidAppear(_ node: Node) {
        node.context.tabs?.items[ObjectIdentifier(node)] = Unmanaged.passUnretained(node)
    }

    func nodeWillBeDestroyed(_ node: Node) {
        node.context.tabs?.items[ObjectIdentifier(node)] = nil
    }
}

extension View {
    /// The label this view's tab shows in the bar of the `TabView` it is in.
    public func tabItem<Label: View>(@ViewBuilder _ label: () -> Label) -> ModifiedContent<Self, _TabItemModifier> {
        modifier(_TabItemModifier(label: AnyView(label())))
    }
}

/// A tab's label in the bar: a control that shows its tab.
struct TabLabel: View {
    let label: AnyView
    let isSelected: Bool
}

extension TabLabel: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<TabLabel>) -> Primitive? { .tabLabel(isSelected: isSelected) }
    static var controlKind: ControlKind? { .tab }

    func perform(_ action: ControlAction, in node: PrimitiveNode<TabLabel>) {
        guard action == .activate, let item = node.parent else { return }
        node.context.tabs?.select(item)
    }
}
