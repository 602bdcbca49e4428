/// A control that chooses one value for a binding among the tagged options of its content
/// (`.tag(_:)`, or the ids of a `ForEach`, as in SwiftUI).
///
/// A viewer moving through the options is an interaction in progress: the highlighted option
/// is the picker node's own state. It survives any re-evaluation around it and is never reset
/// by a change of another picker's value (the `seeds/pickers` scene).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let label: Label
    let selection: Binding<SelectionValue>
    let content: Content

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.selection = selection
        self.content = content()
    }
}

extension Picker where Label == Text {
    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

final class PickerState {
    var selected: AnyHashable?
    /// The option a viewer has moved to but not chosen yet.
    var highlighted: Int?
}

extension Picker: PrimitiveView {
    static var readsState: Bool { true }
    static var primitiveReadsTheNode: Bool { true }

    func updateChildren(_ children: inout ChildList) {
        children.node.state { PickerState() }.selected = AnyHashable(selection.wrappedValue)
        children.append(label)
        children.append(content)
    }

    func primitive(in node: PrimitiveNode<Picker>) -> Primitive? {
        let state = node.state { PickerState() }
        let tags = Self.optionTags(of: node)
        return .picker(selected: state.selected.flatMap { tags.firstIndex(of: $0) }, highlighted: state.highlighted)
    }

    static var controlKind: ControlKind? { .picker }

    func perform(_ action: ControlAction, in node: PrimitiveNode<Picker>) {
        let state = node.state { PickerState() }
        let tags = Self.optionTags(of: node)
        guard !tags.isEmpty else { return }
        let current = state.highlighted ?? state.selected.flatMap { tags.firstIndex(of: $0) } ?? 0
        switch action {
        case .moveHighlight(let offset):
            state.highlighted = min(max(current + offset, 0), tags.count - 1)
            node.graph.layoutChanged(node)
        case .activate:
            state.highlighted = nil
            node.graph.layoutChanged(node)
            if let value = tags[current].base as? SelectionValue { selection.wrappedValue = value }
        case .edit, .submit, .adjust, .dismiss, .click:
            break
        }
    }

    /// The option tags below the content, in order: explicit tags, else a `ForEach`'s row ids.
    /// Walked when a viewer acts or a snapshot is taken, never on updates.
    static func optionTags(of node: Node) -> [AnyHashable] {
        guard node.children.count == 2 else { return [] }
        var tags: [AnyHashable] = []
        var stack: [Node] = [node.children[1]]
        while let current = stack.popLast() {
            if let tag = current.tagValue {
                tags.append(tag)
            } else if let rows = current as? any RowIdentifying, rows.rowsAreOptions {
                for (row, id) in zip(current.children, rows.rowIDs) {
                    tags.append(explicitTag(in: row) ?? id)
                }
            } else {
                stack.append(contentsOf: current.children.reversed())
            }
        }
        return tags
    }

    private static func explicitTag(in row: Node) -> AnyHashable? {
        var stack: [Node] = [row]
        while let current = stack.popLast() {
            if let tag = current.tagValue { return tag }
            stack.append(contentsOf: current.children.reversed())
        }
        return nil
    }
}
