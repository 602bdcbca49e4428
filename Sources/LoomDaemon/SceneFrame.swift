import LoomWire

extension Scene {
    /// One frame of the scene for every viewer that is not behind (a viewer with
    /// `maximumUnacknowledgedFrames` unacknowledged is counted as coalesced and gets one diff
    /// when it catches up), graph by graph.
    func renderFrame(now: UInt64, maximumUnacknowledgedFrames limit: Int) {
        frames += 1
        for graph in graphs where graph.hasWork {
            graph.renderFrame(now: now, maximumUnacknowledgedFrames: limit)
        }
    }
}

extension SceneGraph {
    /// Each geometry's viewers are written to as soon as it is drawn, while the next one is
    /// drawn (with what was queued for them before; anything after leaves at the turn's flush).
    /// Viewers sent the same grid share one operation list, encoded once per encoding.
    func renderFrame(now: UInt64, maximumUnacknowledgedFrames limit: Int) {
        let ready = sessions.filter { !$0.isBehind(limit: limit) }
        for behind in sessions where behind.isBehind(limit: limit) { behind.coalesced += 1 }
        let keyframes = Set(ready.filter { $0.viewport.needsKeyframe }.map { ObjectIdentifier($0.viewport) })
        let readySessions = Dictionary(uniqueKeysWithValues: ready.map { (ObjectIdentifier($0.viewport), $0) })
        defer { evaluated.removeAll(keepingCapacity: true) }
        needsFrame = false
        renderer.render(only: ready.map(\.viewport)) { frame in
            var encoded: [(encoding: Encoding, bytes: [UInt8])] = []
            // The viewports of a frame share its geometry, and so the cursor: found once.
            let cursor = frame.viewports.first?.cursor
            for viewport in frame.viewports {
                let session = readySessions[ObjectIdentifier(viewport)]!
                let keyframe = keyframes.contains(ObjectIdentifier(viewport))
                guard !frame.operations.isEmpty || keyframe || cursor != session.sentCursor else { continue }
                let highlight = session.highlights ? evaluatedRectangles(in: viewport) : []
                let parts = session.frame(frame.operations, styles: renderer.styles, keyframe: keyframe, highlight: highlight,
                                          cursor: cursor, now: now)
                let encoding = session.connection.encoding
                var bytes: [UInt8] = []
                if let known = encoded.first(where: { $0.encoding == encoding }) {
                    bytes = known.bytes
                } else {
                    for operation in frame.operations { MessageEncoder.encode(.grid(operation), as: encoding, into: &bytes) }
                    encoded.append((encoding, bytes))
                }
                session.connection.writeFrame(before: parts.before, encoded: bytes, after: parts.after)
            }
        }
    }
}
