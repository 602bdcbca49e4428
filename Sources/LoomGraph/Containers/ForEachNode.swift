/// A node whose children are keyed by id rather than by position.
protocol RowIdentifying {
    /// The id of each child, in order.
    var rowIDs: [AnyHashable] { get }
    /// Whether rows stand for picker options (a `ForEach`'s rows do).
    var rowsAreOptions: Bool { get }
    /// The index in the whole collection of the element with this id, built or not: a walk of
    /// the collection, for a program's `scrollTo`, never for an update.
    func index(ofRowID id: AnyHashable) -> Int?
}

/// The node of a `ForEach`: keyed reconciliation of the rows that exist (all of them, or the
/// lazy window's), in order.
///
/// Algorithm, per update: walk the rows to build in order, reusing the row of the same key (its
/// new value compared as any child's) or building a new one; destroy the rows left over. While
/// the order is unchanged, old rows are matched by position; after the first difference, by key. Work is proportional to the rows built, never to the
/// collection when lazy. A duplicate id is reported, and its later occurrences are keyed by
/// occurrence so that rendering stays deterministic.
final class ForEachNode<Data: RandomAccessCollection, ID: Hashable, Content: View>: ViewNode<ForEach<Data, ID, Content>>, RowIdentifying {
    private struct RowKey: Hashable {
        let id: ID
        let occurrence: Int
    }

    private var keys: [RowKey] = []
    /// How many elements the data has (built or not).
    private(set) var rowCount = 0

    override var rows: (ranges: [Range<Int>], count: Int)? { (builtRanges, rowCount) }

    private var builtRanges: [Range<Int>] = []

    override init(_ view: ForEach<Data, ID, Content>, parent: Node?, graph: ViewGraph) {
        super.init(view, parent: parent, graph: graph)
        // A row is one element of its container: a `ForEach` inside a row builds eagerly.
        childContext.lazyContainer = nil
        if context.lazyContainer != nil {
            graph.lazyForEachNodes[ObjectIdentifier(self)] = Unmanaged.passUnretained(self)
        }
    }

    /// The content closure may read state: rows are built under this node's tracking (rule 9).
    override var tracksDependencies: Bool { true }

    var rowIDs: [AnyHashable] { keys.map { AnyHashable($0.id) } }
    var rowsAreOptions: Bool { true }

    func index(ofRowID id: AnyHashable) -> Int? {
        guard let id = id.base as? ID else { return nil }
        return view.data.indices.firstIndex { view.data[$0][keyPath: view.id] == id }.map { view.data.distance(from: view.data.startIndex, to: $0) }
    }

    override func process() {
        let data = view.data
        let ranges = context.lazyContainer.map { graph.lazyRows(in: $0, count: data.count) } ?? [0..<data.count]
        rowCount = data.count
        let total = ranges.reduce(0) { $0 + $1.count }
        let oldKeys = keys
        let oldChildren = children
        var newChildren: [Node] = []
        var newKeys: [RowKey] = []
        newChildren.reserveCapacity(total)
        newKeys.reserveCapacity(total)

        // Rows are matched in order while the old ones line up, which costs no hashing; the first
        // row that does not switches to an index of the old rows not yet matched, built once.
        var unmatched: [RowKey: Node]?
        var occurrences: [ID: Int] = [:]
        let indices = ranges.lazy.flatMap { $0 }
        var position = -1
        for offset in indices {
            position += 1
            let element = data[data.index(data.startIndex, offsetBy: offset)]
            let id = element[keyPath: view.id]
            let key: RowKey
            let reused: Node?
            if unmatched == nil, position < oldKeys.count, oldKeys[position].id == id {
                key = oldKeys[position]
                reused = oldChildren[position]
            } else {
                if unmatched == nil {
                    unmatched = Dictionary(uniqueKeysWithValues: zip(oldKeys[position...], oldChildren[position...]))
                    for earlier in newKeys { occurrences[earlier.id, default: 0] += 1 }
                }
                let occurrence = occurrences[id, default: 0]
                occurrences[id] = occurrence + 1
                key = RowKey(id: id, occurrence: occurrence)
                reused = unmatched!.removeValue(forKey: key)
            }
            if key.occurrence == 1 {
                graph.diagnostics.report(.duplicateID, pass: graph.pass,
                                         "ForEach in \(parent?.typeName ?? "root") has more than one element with id \(id); later ones are shown as separate rows")
            }
            let row = view.content(element)
            if let reused {
                unsafeDowncast(reused, to: ViewNode<Content>.self).receive(row)
                newChildren.append(reused)
            } else {
                newChildren.append(graph.makeNode(row, parent: self) { source in
                    graph.stateCopy?.row(key, of: source) { ($0 as? Self)?.keys.map(AnyHashable.init) ?? [] }
                })
            }
            newKeys.append(key)
        }
        let leftovers = unmatched.map { Array($0.values) } ?? Array(oldChildren.dropFirst(newKeys.count))
        for leftover in leftovers { graph.destroy(leftover) }
        children = newChildren
        keys = newKeys
        builtRanges = ranges
    }

    override func willBeDestroyed() {
        graph.lazyForEachNodes[ObjectIdentifier(self)] = nil
    }
}
