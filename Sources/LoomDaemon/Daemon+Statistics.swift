import LoomGraph
import LoomJSON
import LoomWire

/// What a daemon says about itself: `loom trace`'s evaluations and `loom stats`' figures.
extension Daemon {
    /// Observes evaluations only while someone traces the scene or a viewer asks for highlights.
    /// Each scene's tracers are found here, when tracing changes (a trace request or a tracer's
    /// disconnection, which replaces the observer and so releases the closed connection), not
    /// at every evaluation.
    func tracingChanged() {
        for scene in scenes.values {
            for graph in scene.graphs { observeEvaluations(of: graph, in: scene) }
        }
    }

    /// An evaluation in one viewer's own graph is traced with that viewer's id.
    func observeEvaluations(of graph: SceneGraph, in scene: Scene) {
        let tracers = connections.values.filter { $0.traced.contains(scene.name) || $0.traced.contains(nil) }
        let highlighting = graph.sessions.contains { $0.highlights }
        let viewer = graph.owner?.id ?? 0
        graph.graph.evaluationObserver = tracers.isEmpty && !highlighting ? nil : { [unowned graph] evaluation, node in
            if highlighting { graph.evaluated.insert(ObjectIdentifier(node)) }
            guard !tracers.isEmpty else { return }
            let message = Message.evaluation(scene: scene.name, view: evaluation.shortTypeName, node: Int64(evaluation.nodeSerial),
                                             causes: evaluation.causes.map(\.description), viewer: viewer)
            for tracer in tracers { tracer.sendEvaluation(message) }
        }
    }

    func statistics() -> JSONValue {
        var sceneStats = JSONObject()
        for scene in scenes.values {
            sceneStats[scene.name] = [
                "nodes": .int(Int64(scene.graphs.reduce(0) { $0 + $1.graph.liveNodes })),
                "bodies": .int(Int64(scene.graphs.reduce(0) { $0 + $1.graph.totalBodies })),
                "frames": .int(Int64(scene.frames)),
                "graphs": .int(Int64(scene.graphs.count)),
                "viewers": .array(scene.sessions.sorted { $0.id < $1.id }.map(statistics)),
            ]
        }
        let memory = AllocatorPolicy.figures()
        return ["scenes": .object(sceneStats), "connections": .int(Int64(connections.count)),
                "memory": ["in_use_kb": .int(Int64(clamping: memory.inUse)), "held_free_kb": .int(Int64(clamping: memory.heldFree)),
                           "mapped_kb": .int(Int64(clamping: memory.mapped))],
                "loop": ["lag_ms": .int(Int64(clamping: health?.lagMilliseconds ?? 0)), "max_lag_ms": .int(Int64(clamping: health?.maximumLagMilliseconds ?? 0)),
                         "turns": .int(Int64(clamping: health?.turns ?? 0))],
                "accepted_connections": .int(Int64(acceptedConnections)), "revision": .int(store.revision),
                "durable_revision": .int(store.durableRevision), "waiting_acknowledgements": .int(Int64(store.waitingActions))]
    }

    /// One viewer: who, how, what it shows, and whether its view state is shared (it has not
    /// acted, and shows the scene's initial state with every other such viewer) or its own.
    private func statistics(of session: ViewerSession) -> JSONValue {
        let credentials = session.connection.credentials
        return ["id": .int(session.id), "scene": .string(session.scene.name),
                "user": credentials.map { .string($0.userName ?? String($0.uid)) } ?? .null,
                "role": .string(session.connection.role?.rawValue ?? ""),
                "size": .string("\(session.viewport.size.width)x\(session.viewport.size.height)"),
                "view_state": .string(session.graph.owner === session ? "own" : "shared"),
                "frames": .int(Int64(session.framesSent)), "bytes": .int(Int64(session.bytesSent)),
                "coalesced_frames": .int(Int64(session.coalesced)), "ack_latency_ms": .int(Int64(session.ackLatencyMilliseconds)),
                "unacknowledged": .int(session.sequence - session.acknowledged)]
    }
}
