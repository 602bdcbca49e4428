/// SwiftUI's `Section`: a header, rows and a footer. In a `List` or a `Form` each is a row of
/// its own; the header is bold and the footer dim, as a terminal has no smaller type.
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    public var body: some View {
        // An absent header or footer takes no row: styled, it would be a row of nothing.
        if !header.isAbsent { header.font(.headline) }
        content
        if !footer.isAbsent { footer.foregroundStyle(.secondary) }
    }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header) { EmptyView() }
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content) { EmptyView() }
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// SwiftUI's `Form`: controls grouped for data entry, here a `List` of them (each control a
/// row, so focus moves row by row and Enter acts on the row's control), sectioned by `Section`.
public struct Form<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        List { content }
    }
}
