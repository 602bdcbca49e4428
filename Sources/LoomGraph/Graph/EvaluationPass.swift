import LoomCollections

/// The evaluation pass (docs/architecture.md, rules 2, 6, 12).
///
///     invalidations ──► dirty (unordered)
///                          │ runPass: sort by (depth, creation order)
///                          ▼
///     for each node still dirty:  work stack ◄── children whose new value differs
///                                    │ pop, evaluate (body or primitive update)
///                                    └─► ChildList reconciles its children
///
/// - Parents before children: dirty nodes are taken shallowest first, and a node's children
///   are evaluated right after it, depth first, from an explicit stack (never recursion: the
///   depth of a view tree can be the user's data).
/// - At most once per pass: evaluating a node clears its dirty mark, so a dirty node its
///   parent already brought up to date is not evaluated again.
/// - Loops are cut: a node invalidated again in the pass that already evaluated it waits for
///   the next pass, with a diagnostic, so every pass terminates.
/// - `onAppear`/`onDisappear` actions run after the pass; what they change is the next pass's work.
/// - Work from other threads (a task's job when its `Task.sleep` ends, an `@Observable` model
///   changed there) is taken at the first pass of a `settle` only, and a host settles again
///   within a frame without taking it: what arrives while a frame is being made is the next
///   frame's, so what a frame evaluates does not depend on how fast it was made.
extension ViewGraph {
    /// A summary of one pass's work.
    package struct PassSummary: Equatable, Sendable {
        package var bodies = 0
        package var updates = 0
    }

    /// Evaluates every node that needs it, and first, if `admittingOutsideWork`, takes the work
    /// other threads sent.
    @discardableResult
    package func runPass(admittingOutsideWork: Bool = true) -> PassSummary {
        precondition(!inPass, "runPass() called while a pass is running")
        // Tasks' jobs first, as actions outside a pass: what they write is this pass's work.
        executor.runPending(admittingArrivals: admittingOutsideWork)
        pass += 1
        layoutGeneration += 1
        inPass = true
        var summary = PassSummary()
        if admittingOutsideWork { deliverObservations() }
        for node in deferred where node.isDirty && node.isAlive { dirty.append(node) }
        deferred.removeAllKeepingStorage()

        while !dirty.isEmpty {
            var batch = dirty.takeAll(keepingStorageIn: &spareBatch)
            batch.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.serial < $1.serial }
            for node in batch where node.isDirty && node.isAlive {
                work.append(node)
                drainWork(&summary)
            }
            spareBatch.keepStorage(of: &batch)
        }
        inPass = false

        let actions = afterPassActions
        afterPassActions.removeAll()
        for action in actions { action() }
        if needsPass { onNeedsPass?() }
        return summary
    }

    /// Runs passes until nothing is left to evaluate, or `maxPasses`; returns the passes run.
    /// Work from other threads is taken at the first pass, if `admittingOutsideWork`; what
    /// arrives later waits for the next `settle` that admits it (`needsPass` stays true).
    @discardableResult
    package func settle(maxPasses: Int = 16, admittingOutsideWork: Bool = true) -> Int {
        var passes = 0
        var admitting = admittingOutsideWork
        while passes < maxPasses && (hasOwnWork || admitting && hasOutsideWork) {
            runPass(admittingOutsideWork: admitting)
            admitting = false
            passes += 1
        }
        return passes
    }

    private func drainWork(_ summary: inout PassSummary) {
        while let node = work.popLast() {
            guard node.isAlive else { continue }
            evaluate(node, &summary)
            if !enqueued.isEmpty {
                work.append(contentsOf: enqueued.reversed())
                enqueued.removeAllKeepingStorage()
            }
        }
    }

    private func evaluate(_ node: Node, _ summary: inout PassSummary) {
        node.isDirty = false
        node.processedPass = pass
        node.evaluations += 1
        swap(&node.lastCauses, &node.pendingCauses)
        node.pendingCauses.removeAllKeepingStorage()
        if node.evaluatesBody {
            node.counters.bodies += 1
            summary.bodies += 1
        } else {
            node.counters.updates += 1
            summary.updates += 1
        }
        evaluationObserver?(Evaluation(pass: pass, typeName: node.typeName, shortTypeName: node.traceName ?? node.counters.shortName,
                                       nodeSerial: node.serial, causes: node.lastCauses), node)

        markLayoutChanged(from: node)
        guard node.tracksDependencies else {
            node.process()
            return
        }
        node.beginDependencies()
        node.observationGeneration &+= 1
        TrackingContext.evaluating(node) {
            ObservationBridge.track(node) { node.process() }
        }
        node.endDependencies()
    }

    /// Stamps `node` and its ancestors with this generation, stopping at one already stamped.
    private func markLayoutChanged(from node: Node) {
        // Not retained step by step: the graph owns every ancestor while the walk runs. (An
        // `unowned(unsafe)` variable was still retained and released at each step, bound to a
        // strong name; an unmanaged one is lent.)
        let generation = layoutGeneration
        var next: Unmanaged<Node>? = .passUnretained(node)
        while let current = next {
            next = current._withUnsafeGuaranteedRef { changed in
                guard changed.layoutStamp != generation else { return nil }
                changed.layoutStamp = generation
                return changed.parent.map(Unmanaged.passUnretained)
            }
        }
    }

    /// What `node` shows changed outside an evaluation (a viewer moved a picker's highlight):
    /// the layouts kept for it and its ancestors are stale. The host renders next, as after
    /// any input; nothing is evaluated. The new stamp also retires the node's kept primitive.
    func layoutChanged(_ node: Node) {
        layoutGeneration += 1
        markLayoutChanged(from: node)
    }

    /// A parent's evaluation produced work for `node` (new, or a changed value): evaluate it in
    /// this pass, right after the parent. Outside a pass (a root, a push) it waits for the next.
    func enqueue(_ node: Node, cause: EvaluationCause?) {
        if let cause, !node.pendingCauses.contains(cause) { node.pendingCauses.append(cause) }
        if inPass {
            enqueued.append(node)
        } else if !node.isDirty {
            node.isDirty = true
            dirty.append(node)
            if dirty.count == 1 { onNeedsPass?() }
        }
    }

    /// Something `node` depends on changed: mark it dirty for this pass or the next.
    func invalidate(_ node: Node, cause: EvaluationCause) {
        guard node.isAlive else { return }
        if !node.pendingCauses.contains(cause) { node.pendingCauses.append(cause) }
        guard !node.isDirty else { return }
        node.isDirty = true
        if inPass && node.processedPass == pass {
            diagnostics.report(.invalidationLoop, pass: pass,
                               "\(node.typeName)#\(node.serial) invalidated again by \(cause) in the pass that evaluated it; deferred to the next pass")
            deferred.append(node)
            return
        }
        dirty.append(node)
        if !inPass && dirty.count == 1 { onNeedsPass?() }
    }

    /// Runs `action` after the current pass (or at once, outside a pass).
    func afterPass(_ action: @escaping () -> Void) {
        if inPass { afterPassActions.append(action) } else { action() }
    }

    /// Observable changes posted from other threads, delivered on the graph's thread.
    func deliverObservations() {
        for change in inbox.drain() {
            diagnostics.report(.mutationOffGraphThread, pass: pass, "\(change.property) changed on another thread")
            change.deliver()
        }
    }
}
