@_spi(Reflection) import Swift
import Glibc

/// Decides whether two values of one type are the same input, working on raw memory.
///
/// This is docs/architecture.md rule 5 (comparing a child's new view value with the old one before its
/// `body` runs) and rule 3 (a write of an equal value invalidates nothing). The strategy for a
/// type is built once and cached; applying it costs no reflection:
///
/// | field type | rule |
/// |---|---|
/// | graph-owned property (`State`, `Binding`, `Environment`, …) | its own rule (`ViewInput`) |
/// | `Equatable` | `==` |
/// | function | always differs (closures cannot be compared) |
/// | class | identity |
/// | other POD (trivial) types | bitwise |
/// | other structs and tuples | memberwise, recursively |
/// | optionals | both nil, or both present with equal values by the wrapped type's rule |
/// | other enums and existentials | always differ (cannot be compared safely) |
class ValueComparer: @unchecked Sendable {
    func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool { false }

    private static let cache = TypeCache<ValueComparer>()

    /// The comparer for values of `type` (memberwise, unless the type has its own rule).
    static func forType(_ type: Any.Type) -> ValueComparer {
        cache.entry(for: type) { build(type) }
    }

    /// Recursion follows the program's type nesting, which is finite: a type can only contain
    /// itself through a reference or an enum, and those are not compared field by field.
    private static func build(_ type: Any.Type) -> ValueComparer {
        if let input = type as? any ViewInput.Type { return inputComparer(input) }
        if let equatable = type as? any Equatable.Type { return equatableComparer(equatable) }
        if let optional = type as? any OptionalValue.Type { return optional.comparer() }
        switch StoredField.kind(of: type) {
        case .function: return NeverEqualComparer()
        case .class, .foreignClass: return IdentityComparer()
        default: break
        }
        if let bitwise = bitwiseComparer(type) { return bitwise }
        switch StoredField.kind(of: type) {
        case .struct, .tuple: return memberwise(type).map { $0.fields.isEmpty ? AlwaysEqualComparer() : $0 } ?? NeverEqualComparer()
        default: return NeverEqualComparer()
        }
    }

    /// A field-by-field comparer of a struct or tuple; nil for a type with storage but no
    /// describable fields. Not cached here: callers keep what they build (`ViewTypeInfo`).
    static func memberwise(_ type: Any.Type) -> MemberwiseComparer? {
        let fields = StoredField.fields(of: type)
        if fields.isEmpty && size(of: type) != 0 { return nil }
        return MemberwiseComparer(fields: fields.map { (displayName($0), $0.offset, forType($0.type)) })
    }

    /// Property-wrapper storage appears as `_name`; causes speak of `name`, as the user wrote it.
    private static func displayName(_ field: StoredField) -> String {
        if field.type is any DynamicProperty.Type, field.name.hasPrefix("_") { return String(field.name.dropFirst()) }
        return field.name
    }

    private static func inputComparer<T: ViewInput>(_: T.Type) -> ValueComparer { InputComparer<T>() }
    private static func equatableComparer<T: Equatable>(_: T.Type) -> ValueComparer { EquatableComparer<T>() }
    private static func size<T>(of _: T.Type) -> Int { MemoryLayout<T>.size }
    private static func bitwiseComparer<T>(_: T.Type) -> ValueComparer? {
        guard _isPOD(T.self) else { return nil }
        return MemoryLayout<T>.size == 0 ? AlwaysEqualComparer() : BitwiseComparer(size: MemoryLayout<T>.size)
    }
}

/// A graph-owned input (dynamic property or type-erased view) that knows when two copies are the same input.
protocol ViewInput {
    func isSameInput(as other: Self) -> Bool
}

final class InputComparer<T: ViewInput>: ValueComparer, @unchecked Sendable {
    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        // A value compared with itself is read as it is: two `inout` accesses may not overlap.
        guard lhs != rhs else { return lhs.assumingMemoryBound(to: T.self).pointee.isSameInput(as: rhs.assumingMemoryBound(to: T.self).pointee) }
        return Self.same(&lhs.lent(as: T.self).pointee, &rhs.lent(as: T.self).pointee)
    }

    private static func same(_ lhs: inout T, _ rhs: inout T) -> Bool { lhs.isSameInput(as: rhs) }
}

final class EquatableComparer<T: Equatable>: ValueComparer, @unchecked Sendable {
    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        // A value compared with itself is read as it is: two `inout` accesses may not overlap.
        guard lhs != rhs else { return lhs.assumingMemoryBound(to: T.self).pointee == rhs.assumingMemoryBound(to: T.self).pointee }
        return Self.same(&lhs.lent(as: T.self).pointee, &rhs.lent(as: T.self).pointee)
    }

    private static func same(_ lhs: inout T, _ rhs: inout T) -> Bool { lhs == rhs }
}

extension UnsafeRawPointer {
    /// The value of type `T` here, for a comparison that only reads it, to be passed on as an
    /// `inout` access: the comparers' code is generic and unspecialized, and a value read as
    /// `pointee` is copied into a temporary before the call (and destroyed after it), where an
    /// `inout` access, which nothing may overlap, is passed on as the address it is. Never
    /// written through: the memory may be a constant's.
    fileprivate func lent<T>(as _: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(mutating: self).assumingMemoryBound(to: T.self)
    }
}

/// Lets the comparer open an `Optional`'s wrapped type.
protocol OptionalValue {
    static func comparer() -> ValueComparer
}

extension Optional: OptionalValue {
    static func comparer() -> ValueComparer { OptionalComparer<Wrapped>() }
}

final class OptionalComparer<Wrapped>: ValueComparer, @unchecked Sendable {
    private let wrapped = ValueComparer.forType(Wrapped.self)

    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        switch (lhs.assumingMemoryBound(to: Wrapped?.self).pointee, rhs.assumingMemoryBound(to: Wrapped?.self).pointee) {
        case (nil, nil): true
        case (let left?, let right?): wrapped.equal(left, right)
        default: false
        }
    }
}

final class BitwiseComparer: ValueComparer, @unchecked Sendable {
    let size: Int
    init(size: Int) { self.size = size }
    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        memcmp(lhs, rhs, size) == 0
    }
}

final class IdentityComparer: ValueComparer, @unchecked Sendable {
    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.load(as: UnsafeRawPointer.self) == rhs.load(as: UnsafeRawPointer.self)
    }
}

final class NeverEqualComparer: ValueComparer, @unchecked Sendable {}

final class AlwaysEqualComparer: ValueComparer, @unchecked Sendable {
    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool { true }
}

final class MemberwiseComparer: ValueComparer, @unchecked Sendable {
    let fields: [(name: String, offset: Int, comparer: ValueComparer)]
    private let names: [String]

    init(fields: [(name: String, offset: Int, comparer: ValueComparer)]) {
        self.fields = fields
        self.names = fields.map(\.name)
    }

    override func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        for field in fields where !field.comparer.equal(lhs + field.offset, rhs + field.offset) {
            return false
        }
        return true
    }

    /// The stored fields that differ.
    func changedFields<T>(_ lhs: T, _ rhs: T) -> ChangedFields {
        withUnsafePointer(to: lhs) { l in
            withUnsafePointer(to: rhs) { r in
                var mask: UInt64 = 0
                for (index, field) in fields.enumerated()
                where !field.comparer.equal(UnsafeRawPointer(l) + field.offset, UnsafeRawPointer(r) + field.offset) {
                    mask |= 1 << UInt64(min(index, 63))
                }
                return ChangedFields(table: names, mask: mask)
            }
        }
    }
}

extension ValueComparer {
    /// Compares two values in place (no copies beyond the borrow).
    func equal<T>(_ lhs: T, _ rhs: T) -> Bool {
        withUnsafePointer(to: lhs) { l in withUnsafePointer(to: rhs) { r in equal(UnsafeRawPointer(l), UnsafeRawPointer(r)) } }
    }

    /// The same for a value kept in an object (a node's last view value), lent through an
    /// `inout` access, which nothing may overlap: compared where it is, where passed as the
    /// object's property it was copied out first (the call could change it through the object).
    func equal<T>(kept lhs: inout T, _ rhs: T) -> Bool {
        withUnsafeMutablePointer(to: &lhs) { l in withUnsafePointer(to: rhs) { r in equal(UnsafeRawPointer(l), UnsafeRawPointer(r)) } }
    }
}
