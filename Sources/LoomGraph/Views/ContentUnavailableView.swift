/// SwiftUI's `ContentUnavailableView`: what an empty list or a failed search shows instead —
/// a label as a title, a dim description and actions under it, centred in all it is offered.
public struct ContentUnavailableView<LabelContent: View, Description: View, Actions: View>: View {
    let label: LabelContent
    let description: Description
    let actions: Actions

    public init(@ViewBuilder label: () -> LabelContent, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    public var body: some View {
        VStack(spacing: 1) {
            label.font(.title)
            if !description.isAbsent { description.foregroundStyle(.secondary).multilineTextAlignment(.center) }
            actions
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

extension ContentUnavailableView where LabelContent == Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ title: String, systemImage name: String, description: Text? = nil) {
        self.init(label: { Label(title, systemImage: name) }, description: { description })
    }
}

extension ContentUnavailableView where LabelContent == Label<Text, Image>, Description == Text, Actions == EmptyView {
    /// No results for a search.
    public static var search: Self { search(text: "") }

    /// No results for a search of `text`.
    public static func search(text: String) -> Self {
        let title = text.isEmpty ? "No Results" : "No Results for “\(text)”"
        return Self(label: { Label(title, systemImage: "magnifyingglass") }, description: { Text("Check the spelling or try a new search.") })
    }
}
