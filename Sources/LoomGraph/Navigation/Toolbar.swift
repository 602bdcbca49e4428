/// `.toolbar { … }`: a line above the view with its items at the trailing end, in the order
/// given (a terminal has one row where a window has a bar: items of every placement share it).
/// The items are views like any others: a button there is focused and pressed as any is.
public struct _ToolbarModifier<Items: View>: ViewModifier {
    let items: Items

    public func body(content: Content) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                Spacer()
                items
            }
            content
        }
    }
}

/// Where SwiftUI puts a toolbar item; in a terminal every placement is the toolbar's line.
public enum ToolbarItemPlacement: Sendable, Hashable {
    case automatic, principal, navigation, primaryAction, secondaryAction, confirmationAction, cancellationAction, destructiveAction, status
}

/// One item of a toolbar: its content.
public struct ToolbarItem<Content: View>: View {
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View { content }
}

/// Several items of a toolbar together: their content.
public struct ToolbarItemGroup<Content: View>: View {
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View { content }
}

extension View {
    public func toolbar<Items: View>(@ViewBuilder content: () -> Items) -> ModifiedContent<Self, _ToolbarModifier<Items>> {
        modifier(_ToolbarModifier(items: content()))
    }
}
