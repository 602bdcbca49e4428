// One import for a developer's views and daemon, as SwiftUI is one: the view graph, the store's
// reads and values, layout and snapshots, the daemon, and the built-in scenes.
@_exported import LoomDaemon
@_exported import LoomGraph
@_exported import LoomJSON
@_exported import LoomLayout
@_exported import LoomScenes
@_exported import LoomStore
@_exported import LoomStoreViews
