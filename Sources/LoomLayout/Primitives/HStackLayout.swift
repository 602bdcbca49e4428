import LoomGraph

/// `HStack` and `LazyHStack`: children side by side, aligned vertically.
typealias HStackLayout = StackLayout<VerticalAlignment>
