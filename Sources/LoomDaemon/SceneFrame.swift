import LoomCells
import LoomCollections
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
        swap(&ready, &keptReadyList)
        defer { keptReadyList.keepStorage(of: &ready) }
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
            encodedOperations.forget()
            // The viewports of a frame share its geometry, and so the cursor: found once.
            let cursor = frame.viewports.first?.cursor
            for viewport in frame.viewports {
                // A frame is only of the viewports asked for, each a session's here (`add`).
                let session = unsafeDowncast(viewport.host!, to: ViewerSession.self)
                let keyframe = session.sendsKeyframe
                guard !frame.operations.isEmpty || keyframe || cursor != session.sentCursor else { continue }
                let highlight = session.highlights ? evaluatedRectangles(in: viewport) : []
                let envelope = session.frame(frame.operations, styles: renderer.styles, keyframe: keyframe, highlight: highlight,
                                             cursor: cursor, now: now)
                session.connection.writeFrame(envelope, encoded: encodedOperations.bytes(of: frame.operations, as: session.connection.encoding))
            }
        }
    }
}

/// A frame's grid operations encoded once per encoding, for every viewer sent them, into
/// buffers kept from frame to frame.
struct EncodedOperations {
    private var json: [UInt8] = []
    private var binary: [UInt8] = []
    private var hasJSON = false
    private var hasBinary = false

    /// A new frame: what was encoded is another frame's.
    mutating func forget() {
        hasJSON = false
        hasBinary = false
    }

    mutating func bytes(of operations: [GridOperation], as encoding: Encoding) -> [UInt8] {
        switch encoding {
        case .json:
            if !hasJSON { Self.encode(operations, as: .json, into: &json) }
            hasJSON = true
            return json
        case .binary:
            if !hasBinary { Self.encode(operations, as: .binary, into: &binary) }
            hasBinary = true
            return binary
        }
    }

    private static func encode(_ operations: [GridOperation], as encoding: Encoding, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        for operation in operations { MessageEncoder.encode(.grid(operation), as: encoding, into: &bytes) }
    }
}
