/// A stored property of a view whose value the graph provides: SwiftUI's `DynamicProperty`.
///
/// Your own `DynamicProperty` structs may combine the framework's (`@State`, `@Environment`, …);
/// `update()` runs before each evaluation of the view's `body`, after the inner ones are installed.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A framework property whose storage lives in the node (never in the view value, which is
/// rebuilt by every parent evaluation and may be used twice).
protocol GraphProperty: DynamicProperty {
    /// Connects this copy to its storage in `node`, creating the storage on the first install.
    mutating func install(in node: Node, slot: Int, name: String)
}

/// Storage that holds subscriptions on behalf of a node and must let go when the node goes.
protocol NodeBoundStorage: AnyObject {
    func detach(from node: Node)
}
