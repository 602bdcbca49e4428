/// Where a view type keeps its dynamic properties: found once per type from field metadata
/// (including inside your own `DynamicProperty` structs and `ViewModifier`s), then installed by offset before
/// every `body` — no reflection per update.
struct DynamicPropertyLayout: @unchecked Sendable {
    private enum Entry {
        case graph(offset: Int, name: String, type: any GraphProperty.Type)
        case custom(offset: Int, type: any DynamicProperty.Type)
    }

    private let entries: [Entry]

    /// Built once per view type, through `ViewTypeInfo`'s cache.
    static func of(_ type: Any.Type) -> DynamicPropertyLayout {
        var entries: [Entry] = []
        collect(type, baseOffset: 0, into: &entries)
        return DynamicPropertyLayout(entries: entries)
    }

    /// Walks the fields of `type`; nesting is bounded by the program's types, not by data.
    private static func collect(_ type: Any.Type, baseOffset: Int, into entries: inout [Entry]) {
        for field in StoredField.fields(of: type) {
            let offset = baseOffset + field.offset
            if let graphProperty = field.type as? any GraphProperty.Type {
                let name = field.name.hasPrefix("_") ? String(field.name.dropFirst()) : field.name
                entries.append(.graph(offset: offset, name: name, type: graphProperty))
            } else if let custom = field.type as? any DynamicProperty.Type {
                collect(custom, baseOffset: offset, into: &entries)
                entries.append(.custom(offset: offset, type: custom))
            } else if field.type is any ViewModifier.Type {
                // A modifier of your own, inside the view that evaluates its body (`ViewModifierBody`).
                collect(field.type, baseOffset: offset, into: &entries)
            }
        }
    }

    func install<V>(into view: inout V, node: Node) {
        guard !entries.isEmpty else { return }
        withUnsafeMutableBytes(of: &view) { bytes in
            guard let base = bytes.baseAddress else { return }
            for (slot, entry) in entries.enumerated() {
                switch entry {
                case .graph(let offset, let name, let type):
                    Self.install(type, at: base + offset, node: node, slot: slot, name: name)
                case .custom(let offset, let type):
                    Self.update(type, at: base + offset)
                }
            }
        }
    }

    private static func install<P: GraphProperty>(_: P.Type, at pointer: UnsafeMutableRawPointer, node: Node, slot: Int, name: String) {
        pointer.assumingMemoryBound(to: P.self).pointee.install(in: node, slot: slot, name: name)
    }

    private static func update<P: DynamicProperty>(_: P.Type, at pointer: UnsafeMutableRawPointer) {
        pointer.assumingMemoryBound(to: P.self).pointee.update()
    }
}
