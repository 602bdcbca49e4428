/// A view that shows nothing.
public struct EmptyView: View, Equatable {
    public init() {}
}

extension EmptyView: LeafPrimitive {}
