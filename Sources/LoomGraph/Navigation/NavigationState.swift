/// The pushed destinations of one `NavigationStack`, and the destination builders registered
/// below it with `.navigationDestination(for:)`.
///
/// A destination is built only when pushed (rule 8); popping destroys its subtree.
final class NavigationState {
    struct Entry {
        let id: Int
        let view: AnyView
    }

    private unowned let node: Node
    private(set) var entries: [Entry] = []
    private var nextID = 1
    private var builders: [ObjectIdentifier: (Any) -> AnyView] = [:]

    init(node: Node) {
        self.node = node
    }

    func push(_ view: AnyView) {
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
        node.graph.invalidate(node, cause: .navigation)
    }

    func register<Value: Hashable>(_: Value.Type, destination: @escaping (Value) -> AnyView) {
        builders[ObjectIdentifier(Value.self)] = { destination($0 as! Value) }
    }
}
