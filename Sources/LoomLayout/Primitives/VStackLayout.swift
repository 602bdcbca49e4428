import LoomGraph

/// `VStack` and `LazyVStack`: children one below the other, aligned horizontally.
typealias VStackLayout = StackLayout<HorizontalAlignment>
