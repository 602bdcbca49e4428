/// What a composite node needs to know about its view type, derived once per type:
/// how to decide whether two values are the same input (rule 5: `==`, bitwise or memberwise),
/// how to name the fields that differ when they are not (rule 11), and where the dynamic
/// properties are.
struct ViewTypeInfo: @unchecked Sendable {
    let comparer: ValueComparer
    let fields: MemberwiseComparer?
    let properties: DynamicPropertyLayout

    private static let cache = TypeCache<ViewTypeInfo>()

    static func of(_ type: Any.Type) -> ViewTypeInfo {
        cache.entry(for: type) {
            let comparer = ValueComparer.forType(type)
            return ViewTypeInfo(comparer: comparer,
                                fields: comparer as? MemberwiseComparer ?? ValueComparer.memberwise(type),
                                properties: DynamicPropertyLayout.of(type))
        }
    }

    /// The names of the fields that differ between two values known to differ.
    func changedFields<V>(_ lhs: V, _ rhs: V) -> ChangedFields {
        fields?.changedFields(lhs, rhs) ?? []
    }
}
