import LoomCells
import LoomGraph

/// `lineLimit`: its content's texts take at most this many lines.
struct LineLimitLayout: InheritingModifierLayout {
    let limit: Int?

    func inherit(_ context: inout LayoutContext) { context.text.lineLimit = limit }
}
