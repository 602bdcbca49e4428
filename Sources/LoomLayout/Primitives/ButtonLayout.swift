import LoomCells
import LoomGraph

/// `Button`: its label, as it is; focus shows it inverted.
struct ButtonLayout: PrimitiveLayout {}
