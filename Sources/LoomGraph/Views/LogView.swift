/// The tail of a log: the last `tail` elements of a collection, oldest first, in a column whose
/// bottom stays in view — on a screen too short for them all, the oldest give way — so a log
/// that grows shows its newest line without anyone scrolling. Not a SwiftUI view (a SwiftUI log
/// is a `ScrollView` anchored at its bottom); Loom's own.
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
        VStack(alignment: .leading, spacing: 0) {
            ForEach(data, id: id, content: content)
        }
        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .bottomLeading)
    }
}

extension LogView where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, tail: Int, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, tail: tail, content: content)
    }
}
