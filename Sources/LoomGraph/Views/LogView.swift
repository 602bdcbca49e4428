/// The tail of a log: the last `tail` elements of a collection, oldest first, in a scroll view
/// anchored at its bottom (`defaultScrollAnchor(.bottom)`, as a SwiftUI log is made): a log
/// that grows shows its newest line without anyone scrolling; a viewer who scrolls back reads
/// undisturbed as lines arrive, and follows the end again once they scroll down to it. Few
/// lines sit at the bottom. Loom's own view, for what SwiftUI spells out each time.
///
/// Only the last `tail` elements are built (`tail` is bounded by `maximumTail`), so a log of a
/// million lines costs what its tail costs.
public struct LogView<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    let data: Data.SubSequence
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    /// Lines one log view shows at most: more than any screen's rows.
    public static var maximumTail: Int { 1_000 }
    /// Lines a scene document's log view shows when it names no `tail`: a tall screen's worth.
    public static var defaultTail: Int { 100 }

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, tail: Int, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data.suffix(Swift.min(Swift.max(tail, 0), Self.maximumTail))
        self.id = id
        self.content = content
    }

    public var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(data, id: id, content: content)
            }
            .frame(minWidth: 0, maxWidth: .infinity, alignment: .leading)
        }
        .defaultScrollAnchor(.bottom)
    }
}

extension LogView where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, tail: Int, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, tail: tail, content: content)
    }
}
