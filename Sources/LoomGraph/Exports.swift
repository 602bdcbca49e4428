/// Colours and text attributes are the graph's vocabulary (`.foregroundColor(.red)`,
/// `.bold()`) but live in LoomCells, with the cells a viewer is sent, so that the viewer
/// side need not know the graph. A scene that imports LoomGraph has them, as SwiftUI's
/// users have `Color`.
@_exported import LoomCells
