import LoomCells
import LoomGraph

/// A primitive's children while it is measured or placed: what a `PrimitiveLayout` may ask of
/// them. Sizes come from the engine's cache (see `LayoutEngine.size(of:proposal:context:depth:)`).
///
/// It lives only inside the engine's call that made it, while the engine and the node are held
/// by the caller: it does not retain them (a retain and a release of each at every measurement
/// and placement were a measurable part of a one-row change).
struct LayoutSubviews {
    unowned(unsafe) let engine: LayoutEngine
    /// The primitive's node.
    unowned(unsafe) let node: Node
    /// Its children's elements.
    let elements: [LayoutElement]
    /// What the children inherit: the primitive's context with its own contribution applied.
    let context: LayoutContext
    /// The primitive's depth; its children are one deeper.
    let depth: Int

    /// A child's size for `proposal`.
    func size(of element: LayoutElement, _ proposal: ProposedSize) -> Size {
        engine.size(of: element, proposal: proposal, context: context, depth: depth + 1)
    }

    /// The content's size: its one element's, or its elements' stacked vertically.
    func contentSize(_ proposal: ProposedSize, of elements: [LayoutElement]? = nil) -> Size {
        engine.content(elements ?? self.elements, proposal: proposal, context: context, depth: depth)
    }

    /// Its children stacked along `axis`, kept with the primitive's node (see `LayoutEngine.stack`).
    func stack(_ axis: Axis, spacing: Int, lazy: Bool, _ proposal: ProposedSize, separated: Bool = false) -> LayoutEngine.StackArrangement {
        engine.stack(axis, elements, of: node, spacing: spacing, lazy: lazy, proposal: proposal, context: context, depth: depth, separated: separated)
    }
}
