import LoomCells

/// What viewers receive: the operations that bring each of `viewports` from the grid it was
/// last sent to the grid just drawn for it. Viewports sent the same grid share one frame, so
/// its operations are computed (and, by the daemon, encoded) once. They are all of one geometry
/// (layout, focus, inertness: `DamageDrawing.GeometryKey`), so what those decide, such as the
/// cursor, is the same for each. "Frame" means this and only
/// this: the graph's unit of work is a pass, the binary codec's a record.
package struct Frame {
    package internal(set) var viewports: [Viewport]
    package let operations: [GridOperation]
}
