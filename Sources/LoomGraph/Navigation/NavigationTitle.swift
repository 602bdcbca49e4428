/// `navigationTitle`: the title the enclosing `NavigationStack` shows on its first line while
/// the view it is in (the stack's root, or a destination) is on top. Outside a stack it shows
/// nothing, as in SwiftUI.
public struct _NavigationTitleModifier: ViewModifierBehavior {
    let title: String

    /// The stack child the title was given for.
    final class Given {
        weak var entry: Node?
    }

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        let node = children.node
        if let navigation = node.context.navigation, let entry = navigation.entryNode(containing: node) {
            node.state { Given() }.entry = entry
            // The stack is this node's ancestor, so the pass's layout stamp already retires its
            // kept primitive: the new title is read when it is laid out.
            navigation.setTitle(title, of: entry)
        }
        children.append(content)
    }

    func nodeWillBeDestroyed(_ node: Node) {
        guard let navigation = node.context.navigation, let entry = node.state({ Given() }).entry else { return }
        navigation.setTitle(nil, of: entry)
    }
}

extension View {
    public func navigationTitle(_ title: String) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: title))
    }

    /// A text's string (its styles are the title line's own: bold).
    public func navigationTitle(_ title: Text) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: title.plainText))
    }
}
