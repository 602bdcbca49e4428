import LoomCells
import LoomGraph
import LoomLayout

/// The layout property the suite and the layout fuzz target check: a view laid out at a size
/// fills a grid of exactly that size, and the operations sent for it rebuild that grid.
public enum LayoutProperty {
    /// The screen sizes a tree is tried at: the edges (0x0, 1x1, the largest screen, one row or
    /// column of it) now and then, ordinary terminals otherwise. The largest is rare: its grid
    /// is 16M cells.
    package static func size(for seed: UInt64, using generator: inout SplitMix) -> Size {
        switch seed % 50 {
        case 0: return Size(width: 0, height: 0)
        case 1: return Size(width: 1, height: 1)
        case 2 where seed % 1_000 == 2: return Size(width: 4_096, height: 4_096)
        case 3: return Size(width: 4_096, height: 1)
        case 4: return Size(width: 1, height: 4_096)
        default: return Size(width: Int.random(in: 0...120, using: &generator), height: Int.random(in: 0...50, using: &generator))
        }
    }

    /// nil when the property holds, else what broke it.
    package static func check(_ view: AnyView, size: Size) -> String? {
        let renderer = SceneRenderer(graph: ViewGraph(view))
        let viewport = renderer.addViewport(size: size)
        let frames = renderer.render()
        guard viewport.grid.width == size.width, viewport.grid.height == size.height else {
            return "a grid of \(viewport.grid.width)x\(viewport.grid.height)"
        }
        var sent = CellGrid(width: size.width, height: size.height)
        for (target, operations) in frames where target === viewport {
            for case .line(let row, let column, let runs) in operations {
                let width = runs.reduce(0) { $0 + $1.repeatCount }
                guard row >= 0, row < size.height, column >= 0, column + width <= size.width else {
                    return "a line at row \(row), column \(column), \(width) cells wide"
                }
            }
            sent.apply(operations)
        }
        return sent == viewport.grid ? nil : "the operations sent do not rebuild the grid"
    }
}
