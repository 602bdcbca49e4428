/// SwiftUI's `Label`: an icon and a title side by side, the icon first.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        HStack(spacing: 1) {
            icon
            title
        }
    }
}

extension Label where Title == Text, Icon == Image {
    /// A title with an SF Symbol's character before it (`Image(systemName:)`).
    public init(_ title: String, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}
