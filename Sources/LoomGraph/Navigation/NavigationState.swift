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
        /// The value it was pushed for (`NavigationLink(value:)`); nil for a view pushed as is.
        let value: AnyHashable?
    }

    /// The stack's `path` binding, its values type-erased: set while the stack has one.
    struct Path {
        let read: () -> [AnyHashable]
        let write: ([AnyHashable]) -> Void
    }

    var path: Path?
    /// The path's values the entries were last made to show; nil while some wait for their
    /// destination (see `followPath`).
    private var followed: [AnyHashable]?

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
        append(Entry(id: nextID, view: view, value: nil))
        node.graph.invalidate(node, cause: .navigation)
    }

    /// Pushes the destination registered for the value's type; false when none is. With a
    /// path, the value is appended to it, and the stack follows the path.
    @discardableResult
    func push<Value: Hashable>(value: Value) -> Bool {
        guard let build = builders[ObjectIdentifier(Value.self)] else { return false }
        if let path {
            path.write(path.read() + [AnyHashable(value)])
        } else {
            append(Entry(id: nextID, view: build(value), value: AnyHashable(value)))
            node.graph.invalidate(node, cause: .navigation)
        }
        return true
    }

    /// Pops the top destination; with a path, the path's last value.
    func pop() {
        if let top = entries.last { pop(entry: top.id) }
    }

    /// Pops the entry `id` and every entry over it; nothing if it is not pushed. An entry of a
    /// path's value is popped by writing the path without it and what follows: the stack
    /// follows in its next update.
    func pop(entry id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        if let path, entries[index].value != nil {
            let valuesBelow = entries[..<index].count { $0.value != nil }
            path.write(Array(path.read().prefix(valuesBelow)))
            return
        }
        while entries.count > index { removeLast() }
        node.graph.invalidate(node, cause: .navigation)
    }

    private func append(_ entry: Entry) {
        // The view pushed over leaves the screen; its nodes and state stay for the pop.
        if node.children.count == entries.count + 1 { node.children.last?.visibilityChanged(isVisible: false) }
        entries.append(entry)
        nextID += 1
    }

    private func removeLast() {
        entries.removeLast()
        if node.children.count == entries.count + 2 { node.children[entries.count].visibilityChanged(isVisible: true) }
    }

    /// Makes the entries what the path says when the path changed, in the stack's own
    /// evaluation (so nothing is invalidated): the entries that agree with the path's first
    /// values stay, with their state; the rest are popped (a view pushed as is over them too),
    /// and the path's other values pushed. An unchanged path leaves the entries alone, so a view
    /// pushed as is stays. A value whose type has no destination registered yet waits, with
    /// those after it, for `register` (the root's `navigationDestination` modifiers register
    /// when the root is evaluated, after the stack).
    func followPath() {
        guard let values = path?.read(), values != followed else { return }
        var kept = 0
        while kept < entries.count, kept < values.count, entries[kept].value == values[kept] { kept += 1 }
        while entries.count > kept { removeLast() }
        followed = values
        for value in values[kept...] {
            guard let build = builders[ObjectIdentifier(type(of: value.base))] else {
                followed = nil
                break
            }
            append(Entry(id: nextID, view: build(value.base), value: value))
        }
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

    func register<Value: Hashable>(_: Value.Type, destination: @escaping (Value) -> AnyView) {
        let isNew = builders[ObjectIdentifier(Value.self)] == nil
        builders[ObjectIdentifier(Value.self)] = { destination($0 as! Value) }
        // A path set before its destinations were known is followed once they are: after this
        // pass, as an action is.
        if isNew && path != nil && followed == nil {
            node.graph.afterPass { [weak self] in
                guard let self else { return }
                self.node.graph.invalidate(self.node, cause: .navigation)
            }
        }
    }
}
