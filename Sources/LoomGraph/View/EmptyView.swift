/// A view that shows nothing.
public struct EmptyView: View, Equatable {
    public init() {}
}

extension EmptyView: LeafPrimitive {}

extension View {
    /// Whether this view shows nothing whatever happens (`EmptyView`, an absent optional): a
    /// library view leaves the styling it would put around it out, since a styled nothing lays
    /// out as an element of no size (a row of nothing in a list, a gap in a stack).
    var isAbsent: Bool {
        self is EmptyView || (self as? any OptionalView)?.isNone == true
    }
}

/// An optional view, asked whether it is absent without knowing what it wraps.
protocol OptionalView {
    var isNone: Bool { get }
}

extension Optional: OptionalView where Wrapped: View {
    var isNone: Bool { self == nil }
}
