import LoomGraph
import LoomLayout

/// A view's graph and renderer with one viewport of `width`×`height`, after its first frame:
/// where most renderer tests start.
func renderedOnce<V: View>(_ view: V, width: Int, height: Int) -> (graph: ViewGraph, renderer: SceneRenderer, viewport: Viewport) {
    let graph = ViewGraph(view)
    let renderer = SceneRenderer(graph: graph)
    let viewport = renderer.addViewport(size: Size(width: width, height: height))
    _ = renderer.render()
    return (graph, renderer, viewport)
}

/// The snapshot without the blank rows below the content (the layout tests' golden form).
func render<V: View>(_ view: V, _ width: Int, _ height: Int) -> String {
    var text = Snapshot.render(view, width: width, height: height)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
}

/// The markup snapshot without the blank rows below the content.
func markup<V: View>(_ view: V, _ width: Int, _ height: Int) -> String {
    var text = Snapshot.renderMarkup(view, width: width, height: height)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
}

/// A host's screen without the blank rows below the content.
func shown(_ host: ViewHost) -> String {
    var text = host.text
    while text.hasSuffix("\n") { text.removeLast() }
    return text
}
