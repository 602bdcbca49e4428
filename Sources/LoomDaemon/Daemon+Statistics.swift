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
            let tracers = connections.values.filter { $0.traced.contains(scene.name) || $0.traced.contains(nil) }
            let highlighting = scene.sessions.contains { $0.highlights }
            scene.graph.evaluationObserver = tracers.isEmpty && !highlighting ? nil : { [unowned scene] evaluation, node in
                if highlighting { scene.evaluated.insert(ObjectIdentifier(node)) }
                if !tracers.isEmpty { Daemon.trace(evaluation, in: scene, to: tracers) }
            }
        }
    }

    private static func trace(_ evaluation: Evaluation, in scene: Scene, to tracers: [Connection]) {
        let message = Message.evaluation(scene: scene.name, view: evaluation.shortTypeName, node: Int64(evaluation.nodeSerial),
                                         causes: evaluation.causes.map(\.description))
        for tracer in tracers { tracer.sendEvaluation(message) }
    }

    func statistics() -> JSONValue {
        var sceneStats = JSONObject()
        for scene in scenes.values {
            sceneStats[scene.name] = [
                "nodes": .int(Int64(scene.graph.liveNodes)),
                "bodies": .int(Int64(scene.graph.totalBodies)),
                "frames": .int(Int64(scene.frames)),
                "viewers": .array(scene.sessions.map { session in
                    ["frames": .int(Int64(session.framesSent)), "bytes": .int(Int64(session.bytesSent)),
                     "coalesced_frames": .int(Int64(session.coalesced)), "ack_latency_ms": .int(Int64(session.ackLatencyMilliseconds)),
                     "unacknowledged": .int(session.sequence - session.acknowledged)]
                }),
            ]
        }
        return ["scenes": .object(sceneStats), "connections": .int(Int64(connections.count)),
                "loop": ["lag_ms": .int(Int64(health?.lagMilliseconds ?? 0)), "max_lag_ms": .int(Int64(health?.maximumLagMilliseconds ?? 0))],
                "accepted_connections": .int(Int64(acceptedConnections)), "revision": .int(store.revision),
                "durable_revision": .int(store.durableRevision), "waiting_acknowledgements": .int(Int64(store.waitingActions))]
    }
}
