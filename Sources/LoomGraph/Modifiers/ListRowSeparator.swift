/// Whether a piece of a container's own drawing shows (SwiftUI's `Visibility`): `automatic`
/// leaves it to the container, which for a list's separators means shown.
public enum Visibility: Sendable, Hashable {
    case automatic, visible, hidden
}

extension View {
    /// Hides (or shows) the separator lines a `List` draws above and below this row, as in
    /// SwiftUI: a trait of the row, wherever among its modifiers it is applied (the outermost
    /// wins for each edge). A line between two rows shows only if neither hides it, and hidden,
    /// it takes no row: on a terminal a separator costs as much as a row of content.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .listRowSeparator(visibility, edges: edges)))
    }
}
