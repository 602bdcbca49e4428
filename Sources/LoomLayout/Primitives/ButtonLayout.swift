import LoomCells
import LoomGraph

/// `Button`: its label, as it is (red for a destructive role); focus shows it inverted.
struct ButtonLayout: PrimitiveLayout {
    let isDestructive: Bool

    func inherit(_ context: inout LayoutContext) {
        if isDestructive { context.style.foreground = .named(.red) }
    }
}
