/// `.safeAreaInset(edge:) { … }`: a view along one edge of another — a board's status line at
/// its bottom, a header above it. The modified view keeps the rest: stacked with the inset, it
/// is offered what the inset leaves, so a flexible one (a `List`, a `ScrollView`, a `LogView`)
/// fills the screen down to the line, and the line stays in view however long the list is.
public struct _SafeAreaInsetModifier<Inset: View>: ViewModifier {
    let edge: Edge
    let alignment: Alignment
    let spacing: Int?
    let inset: Inset

    public func body(content: Content) -> some View {
        if edge == .top || edge == .bottom {
            VStack(alignment: alignment.horizontal, spacing: spacing ?? 0) {
                if edge == .top { inset }
                content
                if edge == .bottom { inset }
            }
        } else {
            HStack(alignment: alignment.vertical, spacing: spacing ?? 0) {
                if edge == .leading { inset }
                content
                if edge == .trailing { inset }
            }
        }
    }
}

extension View {
    /// A view along the top or bottom edge; `spacing` cells between (default none).
    public func safeAreaInset<Inset: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: Int? = nil,
                                           @ViewBuilder content: () -> Inset) -> ModifiedContent<Self, _SafeAreaInsetModifier<Inset>> {
        modifier(_SafeAreaInsetModifier(edge: edge == .top ? .top : .bottom, alignment: Alignment(horizontal: alignment, vertical: .center),
                                        spacing: spacing, inset: content()))
    }

    /// A view along the leading or trailing edge; `spacing` cells between (default none).
    public func safeAreaInset<Inset: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: Int? = nil,
                                           @ViewBuilder content: () -> Inset) -> ModifiedContent<Self, _SafeAreaInsetModifier<Inset>> {
        modifier(_SafeAreaInsetModifier(edge: edge == .leading ? .leading : .trailing, alignment: Alignment(horizontal: .center, vertical: alignment),
                                        spacing: spacing, inset: content()))
    }
}
