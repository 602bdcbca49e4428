import LoomCells
import LoomLayout
import LoomWire

/// A connection attached to a scene: the graph it shows, its viewport, and what it has been
/// sent and acknowledged.
///
/// Flow control: at most `limit` frames unacknowledged. While a viewer is behind, nothing is
/// rendered or queued for it; its viewport keeps the grid it last received, so when it
/// acknowledges, one diff takes it to the current screen. Memory per viewer is bounded by one
/// grid and the styles it knows, whatever happens while it does not read.
final class ViewerSession {
    unowned let connection: Connection
    /// What `loom stats` and `loom trace` call it: unique in the daemon's run.
    let id: Int64
    let scene: Scene
    /// The scene's graph it shows: a shared one, or its own once it acted (`Scene.prepareToAct`).
    var graph: SceneGraph
    let viewport: Viewport
    var sequence: Int64 = 0
    var acknowledged: Int64 = 0
    var definedStyles: Set<StyleID> = [.plain]
    /// Whether the frame being rendered is a keyframe for it (a new or resized viewer).
    var sendsKeyframe = false
    /// Whether each frame carries the rectangles re-evaluated in it.
    var highlights = false
    /// Where the viewer was last told to show its cursor (nil: hidden, as a viewer starts).
    private(set) var sentCursor: CursorPosition?
    /// Frames sent, bytes sent, and frames skipped because the viewer was behind.
    var framesSent = 0
    var bytesSent = 0
    var coalesced = 0
    var ackLatencyMilliseconds: UInt64 = 0
    /// When each unacknowledged frame was sent, oldest first: at most the flow-control limit.
    private var sentAt: [(sequence: Int64, time: UInt64, bytes: Int)] = []

    /// Bytes of the frames sent and not acknowledged: what flow control allows to be queued for
    /// this viewer, outside its connection's output budget.
    var unacknowledgedBytes: Int { sentAt.reduce(0) { $0 + $1.bytes } }

    init(connection: Connection, id: Int64, scene: Scene, graph: SceneGraph, size: Size) {
        self.connection = connection
        self.id = id
        self.scene = scene
        self.graph = graph
        self.viewport = graph.renderer.addViewport(size: size)
        viewport.isReadOnly = connection.role.map { $0.rank < Role.viewer.rank } ?? true
    }

    func isBehind(limit: Int) -> Bool {
        sequence - acknowledged >= Int64(limit)
    }

    /// One frame around its grid operations: what goes before them (highlights, a keyframe
    /// marker when every row is sent, the definitions of styles this viewer has not seen) and
    /// what comes after (the cursor, when it moved, shown or hidden; the flush). The operations
    /// themselves are encoded by the caller, once for all viewers that share them; the frame is
    /// sent with one write.
    func frame(_ operations: [GridOperation], styles: StyleTable, keyframe: Bool, highlight: [GridRect], cursor: CursorPosition?, now: UInt64)
        -> FrameEnvelope {
        // The order Protocol/README.md gives: a keyframe first (it sizes the screen the rest
        // refers to), then the highlights, then styles before the lines that use them.
        var before: [Message] = []
        if keyframe { before.append(.keyframe(width: viewport.size.width, height: viewport.size.height)) }
        if !highlight.isEmpty { before.append(.highlight(rects: highlight)) }
        for case .line(_, _, let runs) in operations {
            for run in runs {
                guard let style = run.style, definedStyles.insert(style).inserted else { continue }
                before.append(.style(id: style, style: styles[style]))
            }
        }
        var moved: Message?
        if cursor != sentCursor {
            // Hidden, it stays where it was: only `visible` matters to the viewer then.
            moved = .cursor(row: cursor?.row ?? sentCursor?.row ?? 0, column: cursor?.column ?? sentCursor?.column ?? 0,
                            visible: cursor != nil)
            sentCursor = cursor
        }
        sequence += 1
        sentAt.append((sequence, now, 0))
        framesSent += 1
        return FrameEnvelope(before: before, cursor: moved, flush: .flush(sequence: sequence))
    }

    /// The size of the frame just sent, once it was encoded.
    func sent(bytes: Int) {
        if !sentAt.isEmpty { sentAt[sentAt.count - 1].bytes = bytes }
    }

    func acknowledge(_ sequence: Int64, now: UInt64) {
        guard sequence > acknowledged, sequence <= self.sequence else { return }
        acknowledged = sequence
        if let sent = sentAt.last(where: { $0.sequence == sequence }) { ackLatencyMilliseconds = now - sent.time }
        sentAt.removeAll { $0.sequence <= sequence }
    }
}

/// What a viewer's frame sends around its grid operations (see `ViewerSession.frame`): the
/// messages before them, then the cursor if it moved, and the flush — no list made for the two
/// that follow, which every frame has.
struct FrameEnvelope {
    let before: [Message]
    let cursor: Message?
    let flush: Message
}
