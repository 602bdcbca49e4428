import Glibc
import LoomCells
import LoomGraph

/// A view shown as one viewer of a terminal size would see it, with no daemon, socket or
/// terminal: for a developer's tests of their own views (what each frame shows, which bodies it
/// evaluated), the way Loom's own tests pin the seed scenarios, and for trying a view out.
///
/// Frames run when asked (`runFrame()`, `press(_:)`): a change to what the views read (`@State`,
/// an `@Observable` model, the store) is evaluated, laid out and drawn by the next one, exactly
/// as the daemon's next frame would for a viewer. Lazy containers build the rows this size shows.
public final class ViewHost {
    package let graph: ViewGraph
    private let renderer: SceneRenderer
    private let viewport: Viewport

    /// The widest and tallest screen a host draws, as the protocol's (`WireLimits.maximumScreen`):
    /// a grid is allocated for it whole. Past it, or below one cell, `init` stops the program
    /// with a message: the size is the developer's own code's, not a client's.
    public static let maximumSide = 4_096

    /// Mounts `root` at `width` × `height` cells (each 1…`maximumSide`) and runs the first frame.
    public init<Root: View>(_ root: Root, width: Int, height: Int) {
        precondition((1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height),
                      "a screen is 1…\(Self.maximumSide) cells each way, not \(width)x\(height)")
        graph = ViewGraph(root)
        renderer = SceneRenderer(graph: graph)
        viewport = renderer.addViewport(size: Size(width: width, height: height))
        graph.evaluationObserver = { [unowned self] evaluation, _ in
            evaluations.append(Evaluation(view: evaluation.shortTypeName, node: evaluation.nodeSerial,
                                          causes: evaluation.causes.map(\.description)))
        }
        runFrame()
    }

    /// Evaluates what changed since the last frame, lays out and draws. The body counts are
    /// then this frame's.
    public func runFrame() {
        graph.resetWorkCounters()
        evaluations.removeAll()
        _ = renderer.render()
    }

    /// Handles a key as the daemon does a viewer's (Tab moves the focus, Enter presses, arrows
    /// and PageDown scroll, Escape goes back, a focused text field edits), then runs a frame.
    public func press(_ key: Key) {
        viewport.handle(key, in: graph)
        runFrame()
    }

    /// The viewer's terminal changed size (each side 1…`maximumSide`): the next frame lays out
    /// and draws for it, as the daemon does on a viewer's `resize`.
    public func resize(width: Int, height: Int) {
        precondition((1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height),
                      "a screen is 1…\(Self.maximumSide) cells each way, not \(width)x\(height)")
        viewport.resize(to: Size(width: width, height: height))
        runFrame()
    }

    /// Types `text` into what has focus as a viewer's terminal sends it, a key per character
    /// (a space is the Space key), then runs a frame.
    public func type(_ text: String) {
        for character in text { viewport.handle(character == " " ? .space : .character(character), in: graph) }
        runFrame()
    }

    /// Clicks, as a viewer's pointer would, the control on screen whose label reads `label` (a
    /// button's, a toggle's, a link's, a tab's, the text of a view with `onTapGesture`), then
    /// runs a frame. Of several with that label, the one drawn last, on top (a dialog's action
    /// over the button that opened it). False, and nothing done, when no such control shows.
    @discardableResult
    public func tap(_ label: String) -> Bool {
        let screen = GridRect(column: 0, row: 0, width: viewport.size.width, height: viewport.size.height)
        var top: (index: Int, area: GridRect)?
        for control in graph.controls() where control.label == label {
            guard let index = viewport.boxes.firstIndex(where: { $0.node === control.node }) else { continue }
            let box = viewport.boxes[index]
            let visible = box.frame.intersection(box.clip).intersection(screen)
            guard visible.width > 0, visible.height > 0, index > (top?.index ?? -1) else { continue }
            top = (index, visible)
        }
        guard let top else { return false }
        press(.click(row: top.area.row, column: top.area.column))
        return true
    }

    /// The label of the control (or the text of the list row) that has the focus, if any.
    public var focusedLabel: String? {
        guard let focus = viewport.focus, let box = viewport.boxes.first(where: { ObjectIdentifier($0.node) == focus }) else { return nil }
        return graph.label(of: box.node)
    }

    /// Runs frames until `condition` holds of the host, or `timeout` passes (false then): for
    /// what arrives between frames, as a `.task`'s work after its `Task.sleep`, or a model
    /// changed on another thread. Between frames it sleeps a millisecond.
    @discardableResult
    public func runFrames(until condition: (ViewHost) -> Bool, timeout: Duration = .seconds(5)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            runFrame()
            if condition(self) { return true }
            if clock.now >= deadline { return false }
            usleep(1_000)
        }
    }

    /// Where the terminal's cursor shows: the focused text field's caret, if any.
    public var cursor: (row: Int, column: Int)? {
        viewport.cursor.map { ($0.row, $0.column) }
    }

    /// The screen as text, one line per row, trailing spaces dropped.
    public var text: String { Snapshot.text(viewport.grid) }

    /// The screen with style markup (`Snapshot.markup`).
    public var markup: String { Snapshot.markup(viewport.grid, styles: renderer.styles) }

    /// How many times the last frame evaluated the body of a view of type `type`.
    public func bodies<V: View>(of type: V.Type) -> Int { graph.counters(of: type).bodies }

    /// How many bodies the last frame evaluated, of every type.
    public var bodies: Int { graph.totalBodies }

    /// What the last frame evaluated, in order, and why: Loom's `Self._printChanges()` for
    /// every view at once, as `loom trace` prints it for a daemon's scene.
    public private(set) var evaluations: [Evaluation] = []

    /// One view's evaluation in a frame.
    public struct Evaluation: Equatable, Sendable, CustomStringConvertible {
        /// The view's type without its generic arguments (`Row`, `HStack`).
        public let view: String
        /// The view's node: the same number while the view keeps its identity.
        public let node: Int
        /// Why it was evaluated: `@state(name)`, `@self(field)` for a changed input,
        /// `@environment(key)`, `@observable(property)`, `@store(path)`, `@identity` for a new
        /// view, `@clock` for a text that follows the time, …
        public let causes: [String]

        public var description: String { "\(view)#\(node): \(causes.joined(separator: " "))" }
    }
}
