/// `.task`: an asynchronous action started when the view appears and cancelled when it
/// disappears (destroyed, or covered by a navigation push or another tab; started again when it
/// shows again), as in SwiftUI. It runs on the graph's executor (`GraphExecutor`), on the
/// graph's thread between passes, so it writes `@State` as an action does, and
///
///     .task { while true { try await Task.sleep(for: .seconds(1)); now = .now } }
///
/// is a clock. The action may throw (SwiftUI's may not): a `Task.sleep` cancelled when the view
/// goes throws `CancellationError`, which ends the task, and what it throws is dropped. With
/// `id`, a change of the value cancels the task and starts it again.
public struct _TaskModifier: ViewModifierBehavior {
    let priority: TaskPriority
    let operation: TaskOperation
    let id: TaskID?

    /// A value whose change restarts the task, compared by `==` (`Equatable`, as SwiftUI asks).
    struct TaskID {
        let value: Any
        let equals: (Any) -> Bool

        init<Value: Equatable>(_ value: Value) {
            self.value = value
            self.equals = { ($0 as? Value) == value }
        }
    }

    /// The id the running task was started for.
    final class Started {
        var id: TaskID?
    }

    func updateChildren<Content: View>(content: Content, _ children: inout ChildList) {
        let node = children.node
        let started = node.state { Started() }
        if let id, let previous = started.id, !id.equals(previous.value), node.graph.hasTask(for: node) {
            stop(node)
            start(node)
        }
        started.id = id
        children.append(content)
    }

    func nodeDidAppear(_ node: Node) {
        start(node)
    }

    func nodeWillBeDestroyed(_ node: Node) {
        stop(node)
    }

    func nodeVisibilityChanged(_ node: Node, isVisible: Bool) {
        if isVisible { start(node) } else { stop(node) }
    }

    private func start(_ node: Node) {
        node.graph.startTask(for: node, priority: priority, operation)
    }

    private func stop(_ node: Node) {
        node.graph.stopTask(for: node)
    }
}

extension View {
    /// Runs `action` while this view is shown (see `_TaskModifier`).
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async throws -> Void) -> ModifiedContent<Self, _TaskModifier> {
        modifier(_TaskModifier(priority: priority, operation: TaskOperation(run: action), id: nil))
    }

    /// Runs `action` while this view is shown, again each time `value` changes.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   _ action: @escaping () async throws -> Void) -> ModifiedContent<Self, _TaskModifier> {
        modifier(_TaskModifier(priority: priority, operation: TaskOperation(run: action), id: _TaskModifier.TaskID(value)))
    }
}

extension ViewGraph {
    /// Runs `operation` on the graph's executor for `node` (a `.task` modifier, a text's clock),
    /// unless one runs for it already; what it throws is dropped. It ends when `stopTask(for:)`
    /// cancels it, or when the graph goes (`endTasks`).
    func startTask(for node: Node, priority: TaskPriority? = nil, _ operation: TaskOperation) {
        guard tasks[ObjectIdentifier(node)] == nil else { return }
        tasks[ObjectIdentifier(node)] = Task(executorPreference: executor, priority: priority) { try? await operation.run() }
    }

    func stopTask(for node: Node) {
        tasks.removeValue(forKey: ObjectIdentifier(node))?.cancel()
    }

    func hasTask(for node: Node) -> Bool {
        tasks[ObjectIdentifier(node)] != nil
    }

    /// Cancels every task views started and lets them finish on this thread while the nodes
    /// they write to still live: a cancelled task's waits end at once (a `Task.sleep` throws),
    /// so a few rounds of its jobs end it. A task that ignores cancellation is left, its jobs
    /// unrun, after `maximumTeardownRounds`.
    func endTasks() {
        onNeedsPass = nil
        inbox.setWakeUp(nil)
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        for _ in 0..<Self.maximumTeardownRounds where executor.hasJobs { executor.runPending(admittingArrivals: true) }
    }

    /// Rounds of jobs a graph runs to end its cancelled tasks as it goes.
    static let maximumTeardownRounds = 16
}
