import LoomCells
import LoomGraph
import LoomJSON
import LoomDocumentViews
import LoomLayout
import LoomStore
import LoomStoreViews
import LoomWire

/// A named root view the daemon serves. Each viewer is a window (docs/architecture.md, "Where
/// state lives"): its view state — `@State`, navigation, a picker's highlight, focus and scroll
/// — is its own, while the store and the models the scene's author passed in are everyone's.
///
/// Viewers whose view state is the same share one graph and all the work behind it. A scene
/// has at most one graph at its initial view state, which new viewers and snapshots join; a
/// viewer that acts on what it shows (`prepareToAct`) while sharing its graph leaves with a copy
/// of it (`ViewGraph(_:copyingStateOf:)`), and keeps that graph, alone, until it detaches. So a
/// wall of boards nobody touches is one graph; each viewer that pressed a key that acts is one
/// more, made from the copy once and never merged back.
final class Scene {
    let name: String
    /// Where it comes from: compiled in, declared through the socket, or a file.
    let origin: SceneOrigin
    /// A declared scene's document, which `scene_apply` replaces under its viewers.
    let document: SceneDocumentModel?
    /// One table for every graph's renderer: a viewer moving to a copy keeps its style ids.
    let styles = StyleTable()
    private(set) var graphs: [SceneGraph] = []
    /// Makes a graph of the scene's root, copying another's view state if given.
    private let makeGraph: (_ copying: ViewGraph?) -> ViewGraph
    /// Told of each graph made, before it is used (the daemon wires its wake-ups and tracing).
    var onNewGraph: (SceneGraph) -> Void = { _ in }
    /// Frames rendered, for stats.
    var frames = 0
    /// When the last frame was rendered (`EventLoop.nanoseconds`), for pacing (`FramePacing`).
    var lastFrame: UInt64 = 0

    init<Root: View>(name: String, root: Root, store: Store, origin: SceneOrigin = .builtIn, document: SceneDocumentModel? = nil) {
        self.name = name
        self.origin = origin
        self.document = document
        let root = root.environment(\.store, store)
        self.makeGraph = { ViewGraph(root, copyingStateOf: $0) }
    }

    var sessions: [ViewerSession] { graphs.flatMap(\.sessions) }
    var hasWork: Bool { graphs.contains { $0.hasWork } }

    /// The graph at the scene's initial view state, made if there is none.
    func initialGraph() -> SceneGraph {
        if let initial = graphs.first(where: \.isInitial) { return initial }
        return add(SceneGraph(graph: makeGraph(nil), styles: styles))
    }

    private func add(_ graph: SceneGraph) -> SceneGraph {
        onNewGraph(graph)
        graphs.append(graph)
        return graph
    }

    /// `session` is about to act on its graph (a key that presses, chooses, navigates): the
    /// graph's view state becomes that viewer's. A viewer alone on its graph acts on it; one
    /// that shares it first moves to a copy of it, where the key is then handled. Returns
    /// whether the graph the viewer shows became its own just now; refused past `limit` graphs
    /// of their own (`DaemonConfiguration.maximumOwnGraphsPerScene`).
    func prepareToAct(_ session: ViewerSession, limit: Int) throws(WireError) -> Bool {
        let shared = session.graph
        guard shared.isInitial else { return false }
        guard graphs.count(where: { !$0.isInitial }) < limit else {
            throw WireError(.limitExceeded, "\(limit) viewers of '\(name)' have a view state of their own, the most it keeps; this key would make one more")
        }
        guard shared.sessions.count > 1 else {
            shared.isInitial = false
            return true
        }
        let copy = add(SceneGraph(graph: makeGraph(shared.graph), styles: styles))
        copy.isInitial = false
        shared.remove(session)
        copy.renderer.adopt(session.viewport)
        copy.add(session)
        session.graph = copy
        // Built as far as the viewer sees before the copying ends: its scroll offsets decide
        // which lazy rows are built (and copied), and its focus may be one of them.
        copy.graph.settle(maxPasses: 4)
        session.viewport.follow(copy.graph.copiedNodes, final: false)
        copy.renderer.layout([session.viewport])
        session.viewport.follow(copy.graph.endCopyingState(), final: true)
        return true
    }

    /// A viewer left: a graph nobody shows is dropped, except one at the initial view state
    /// while the scene has no other (it keeps the next viewer or snapshot from building anew).
    func remove(_ session: ViewerSession) {
        session.graph.remove(session)
        prune()
    }

    /// Drops the graphs nobody shows (see `remove`).
    func prune() {
        let kept = graphs.filter { !$0.sessions.isEmpty || ($0.isInitial && graphs.count == 1) }
        for dropped in graphs where !kept.contains(where: { $0 === dropped }) { dropped.graph.setWakeUp(nil) }
        graphs = kept
    }
}
