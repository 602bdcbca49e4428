/// A view per element of a collection, keyed by each element's id: reordering moves rows with
/// their state; a new id builds a row; a vanished id destroys one (rule 1).
///
/// Inside a lazy container it builds only the rows of the lazy window, whatever the
/// collection's length (rule 7); `Data` is random-access so a row is found without a walk.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public let data: Data
    let id: KeyPath<Data.Element, ID>
    public let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach: PrimitiveView {
    func makeNode(parent: Node?, graph: ViewGraph) -> Node {
        ForEachNode(self, parent: parent, graph: graph)
    }
}
