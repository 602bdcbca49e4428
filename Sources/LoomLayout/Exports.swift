/// Cell grids, their operations and styles were LoomLayout's before they moved to LoomCells
/// (so that the viewer side need not know the graph); what imports LoomLayout still has them.
@_exported import LoomCells
