import LoomLayout
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
        var ready: [Viewport] = []
        for session in sessions {
            if session.isBehind(limit: limit) {
                session.coalesced += 1
            } else {
                // Read before the renderer draws it, which marks it sent.
                session.sendsKeyframe = session.viewport.needsKeyframe
                ready.append(session.viewport)
            }
        }
        defer { evaluated.removeAll(keepingCapacity: true) }
        needsFrame = false
        renderer.render(only: ready) { frame in
            var encoded: [(encoding: Encoding, bytes: [UInt8])] = []
            // The viewports of a frame share its geometry, and so the cursor: found once.
            let cursor = frame.viewports.first?.cursor
            for viewport in frame.viewports {
                let session = sessionsByViewport[ObjectIdentifier(viewport)]!
                let keyframe = session.sendsKeyframe
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
