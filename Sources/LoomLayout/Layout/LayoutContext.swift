import LoomCells
import LoomGraph

/// What a primitive inherits from its ancestors during layout and drawing.
struct LayoutContext: Hashable {
    /// The axis of the nearest stack: a `Divider` or `Spacer` follows it.
    var stackAxis: Axis?
    var text = TextOptions()
    var style = Style()

    /// Applies a modifier primitive to what descendants inherit.
    func applying(_ primitive: Primitive) -> LayoutContext {
        var context = self
        switch primitive {
        case .lineLimit(let limit): context.text.lineLimit = limit
        case .truncationMode(let mode): context.text.truncation = mode
        case .multilineTextAlignment(let alignment): context.text.alignment = alignment
        case .foregroundColor(let color): context.style.foreground = color
        case .background(let color): context.style.background = color
        case .textStyle(let attributes): context.style.attributes.formUnion(attributes)
        default: break
        }
        return context
    }

    /// The part of the context that changes sizes (styles do not).
    var measuringKey: TextOptions { text }
}
