@_spi(Reflection) import Swift

/// The views of a tuple type and where each is stored, read once per type from its metadata.
enum TupleElements {
    private static let cache = TypeCache<[(offset: Int, type: any View.Type)]>()

    static func of(_ type: Any.Type) -> [(offset: Int, type: any View.Type)] {
        cache.entry(for: type) {
            guard StoredField.kind(of: type) == .tuple else { return (type as? any View.Type).map { [(0, $0)] } ?? [] }
            return StoredField.fields(of: type).compactMap { field in (field.type as? any View.Type).map { (field.offset, $0) } }
        }
    }
}
