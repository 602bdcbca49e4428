/// The frame's evaluation pass (docs/architecture.md, rules 2, 6, 12).
///
///     invalidations ──► dirty (unordered)
///                          │ runFrame: sort by (depth, creation order)
///                          ▼
///     for each node still dirty:  work stack ◄── children whose new value differs
///                                    │ pop, evaluate (body or primitive update)
///                                    └─► ChildList reconciles its children
///
/// - Parents before children: dirty nodes are taken shallowest first, and a node's children
///   are evaluated right after it, depth first, from an explicit stack (never recursion: the
///   depth of a view tree can be the user's data).
/// - At most once per frame: evaluating a node clears its dirty mark, so a dirty node its
///   parent already brought up to date is not evaluated again.
/// - Loops are cut: a node invalidated again in the frame that already evaluated it waits for
///   the next frame, with a diagnostic, so every frame terminates.
/// - `onAppear`/`onDisappear` actions run after the pass; what they change is the next frame's work.
extension ViewGraph {
    /// A summary of one frame's work.
    package struct FrameSummary: Equatable, Sendable {
        package var bodies = 0
        package var updates = 0
    }

    /// Evaluates every node that needs it.
    @discardableResult
    package func runFrame() -> FrameSummary {
        precondition(!inFrame, "runFrame() called while a frame is running")
        frame += 1
        layoutGeneration += 1
        inFrame = true
        var summary = FrameSummary()
        deliverObservations()
        for node in deferred where node.isDirty && node.isAlive { dirty.append(node) }
        deferred.removeAll(keepingCapacity: true)

        while !dirty.isEmpty {
            var batch = dirty
            dirty.removeAll(keepingCapacity: true)
            batch.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.serial < $1.serial }
            for node in batch where node.isDirty && node.isAlive {
                work.append(node)
                drainWork(&summary)
            }
        }
        inFrame = false

        let actions = afterFrameActions
        afterFrameActions.removeAll()
        for action in actions { action() }
        if needsFrame { onNeedsFrame?() }
        return summary
    }

    /// Runs frames until nothing is left to evaluate, or `maxFrames`; returns the frames run.
    @discardableResult
    package func settle(maxFrames: Int = 16) -> Int {
        var frames = 0
        while needsFrame && frames < maxFrames {
            runFrame()
            frames += 1
        }
        return frames
    }

    private func drainWork(_ summary: inout FrameSummary) {
        while let node = work.popLast() {
            guard node.isAlive else { continue }
            evaluate(node, &summary)
            if !enqueued.isEmpty {
                work.append(contentsOf: enqueued.reversed())
                enqueued.removeAll(keepingCapacity: true)
            }
        }
    }

    private func evaluate(_ node: Node, _ summary: inout FrameSummary) {
        node.isDirty = false
        node.processedFrame = frame
        node.evaluations += 1
        swap(&node.lastCauses, &node.pendingCauses)
        node.pendingCauses.removeAll(keepingCapacity: true)
        if node.evaluatesBody {
            node.counters.bodies += 1
            summary.bodies += 1
        } else {
            node.counters.updates += 1
            summary.updates += 1
        }
        evaluationObserver?(Evaluation(frame: frame, typeName: node.typeName, nodeSerial: node.serial, causes: node.lastCauses), node)

        markLayoutChanged(from: node)
        guard node.tracksDependencies else {
            node.process()
            return
        }
        node.clearDependencies()
        node.observationGeneration &+= 1
        TrackingContext.evaluating(node) {
            ObservationBridge.track(node) { node.process() }
        }
    }

    /// Stamps `node` and its ancestors with this generation, stopping at one already stamped.
    private func markLayoutChanged(from node: Node) {
        var current: Node? = node
        while let changed = current, changed.layoutStamp != layoutGeneration {
            changed.layoutStamp = layoutGeneration
            current = changed.parent
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
    /// this frame, right after the parent. Outside a frame (a root, a push) it waits for the next.
    func enqueue(_ node: Node, cause: EvaluationCause?) {
        if let cause, !node.pendingCauses.contains(cause) { node.pendingCauses.append(cause) }
        if inFrame {
            enqueued.append(node)
        } else if !node.isDirty {
            node.isDirty = true
            dirty.append(node)
            if dirty.count == 1 { onNeedsFrame?() }
        }
    }

    /// Something `node` depends on changed: mark it dirty for this frame or the next.
    func invalidate(_ node: Node, cause: EvaluationCause) {
        guard node.isAlive else { return }
        if !node.pendingCauses.contains(cause) { node.pendingCauses.append(cause) }
        guard !node.isDirty else { return }
        node.isDirty = true
        if inFrame && node.processedFrame == frame {
            diagnostics.report(.invalidationLoop, frame: frame,
                               "\(node.typeName)#\(node.serial) invalidated again by \(cause) in the frame that evaluated it; deferred to the next frame")
            deferred.append(node)
            return
        }
        dirty.append(node)
        if !inFrame && dirty.count == 1 { onNeedsFrame?() }
    }

    /// Runs `action` after the current frame's pass (or at once, outside a frame).
    func afterFrame(_ action: @escaping () -> Void) {
        if inFrame { afterFrameActions.append(action) } else { action() }
    }

    /// Observable changes posted from other threads, delivered on the graph's thread.
    func deliverObservations() {
        for change in inbox.drain() {
            diagnostics.report(.mutationOffGraphThread, frame: frame, "\(change.property) changed on another thread")
            change.deliver()
        }
    }
}
