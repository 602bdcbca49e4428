/// A piece of user interface, described as a value: SwiftUI's `View`.
///
/// A view value is cheap and short-lived (the "views" of docs/architecture.md): `body` builds new values
/// on every evaluation. What persists — state, dependencies, children — lives in the graph's
/// `Node` for the view's identity, never in the value.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views have no body; the graph handles them directly.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}
