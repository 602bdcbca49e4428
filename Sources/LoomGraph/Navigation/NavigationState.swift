/// The pushed destinations of one `NavigationStack`, and the destination builders registered
/// below it with `.navigationDestination(for:)`.
///
/// A destination is built only when pushed (rule 8); popping destroys its subtree. The view a
/// push covers stays alive with its state but leaves the screen, so its `onDisappear` runs, and
/// its `onAppear` again when a pop uncovers it, as in SwiftUI.
final class NavigationState {
    struct Entry {
        let id: Int
        let view: AnyView
    }

    private unowned let node: Node
    private(set) var entries: [Entry] = []
    /// The titles the views of the stack gave (`navigationTitle`), by the stack's child they
    /// are in: the root's, or a destination's.
    private var titles: [ObjectIdentifier: String] = [:]
    private var nextID = 1
    private var builders: [ObjectIdentifier: (Any) -> AnyView] = [:]

    init(node: Node) {
        self.node = node
    }

    func push(_ view: AnyView) {
        // The view pushed over leaves the screen; its nodes and state stay for the pop.
        if node.children.count == entries.count + 1 { node.children.last?.visibilityChanged(isVisible: false) }
        entries.append(Entry(id: nextID, view: view))
        nextID += 1
        node.graph.invalidate(node, cause: .navigation)
    }

    /// Pushes the destination registered for the value's type; false when none is.
    @discardableResult
    func push<Value: Hashable>(value: Value) -> Bool {
        guard let build = builders[ObjectIdentifier(Value.self)] else { return false }
        push(build(value))
        return true
    }

    func pop() {
        guard !entries.isEmpty else { return }
        entries.removeLast()
        if node.children.count == entries.count + 2 { node.children[entries.count].visibilityChanged(isVisible: true) }
        node.graph.invalidate(node, cause: .navigation)
    }

    /// The child of the stack `descendant` is in (the root view, or a destination).
    func entryNode(containing descendant: Node) -> Node? {
        var current: Node? = descendant
        while let candidate = current, let parent = candidate.parent {
            if parent === node { return candidate }
            current = parent
        }
        return nil
    }

    func setTitle(_ title: String?, of entry: Node) {
        titles[ObjectIdentifier(entry)] = title
    }

    /// The title of the view shown on top.
    var topTitle: String? {
        node.children.last.flatMap { titles[ObjectIdentifier($0)] }
    }

    /// Pops the entry `id` and every entry over it; nothing if it is not pushed.
    func pop(entry id: Int) {
        while entries.contains(where: { $0.id == id }) { pop() }
    }

    func register<Value: Hashable>(_: Value.Type, destination: @escaping (Value) -> AnyView) {
        builders[ObjectIdentifier(Value.self)] = { destination($0 as! Value) }
    }
}
