/// Which stored fields of a view differ from its last value: a bit per field over the view
/// type's shared table of names, so recording it allocates nothing; the names are produced only
/// when someone reads them (a trace, a test). Fields past the 64th share the last bit.
package struct ChangedFields: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    private let table: [String]
    private let mask: UInt64

    init(table: [String], mask: UInt64) {
        self.table = table
        self.mask = mask
    }

    /// Fields named directly (tests, and causes built outside a comparison).
    package init(arrayLiteral names: String...) {
        self.table = names
        self.mask = names.isEmpty ? 0 : UInt64.max >> (64 - min(names.count, 64))
    }

    /// The names of the changed fields, in declaration order.
    package var names: [String] {
        table.indices.filter { mask & (1 << UInt64(min($0, 63))) != 0 }.map { table[$0] }
    }

    package var description: String { names.joined(separator: ", ") }

    /// No field is named.
    package var isEmpty: Bool { mask == 0 || table.isEmpty }

    package static func == (lhs: ChangedFields, rhs: ChangedFields) -> Bool { lhs.names == rhs.names }
    package func hash(into hasher: inout Hasher) { hasher.combine(names) }
}
