@_spi(Reflection) import Swift

/// One stored field of a struct or tuple, as the runtime's field metadata describes it.
///
/// Loom reads field layouts once per type (see `TypeCache`) and then works on raw memory,
/// so no update ever pays for reflection (docs/BENCHMARKS.md).
struct StoredField {
    let name: String
    let offset: Int
    let type: Any.Type
    let kind: _MetadataKind

    /// The fields of a struct or tuple type; empty for every other kind.
    static func fields(of type: Any.Type) -> [StoredField] {
        var fields: [StoredField] = []
        // `.ignoreUnknown`: a field the runtime cannot describe is left out rather than failing the walk.
        let ignoreUnknown = _EachFieldOptions(rawValue: 1 << 1)
        _forEachField(of: type, options: ignoreUnknown) { name, offset, fieldType, kind in
            fields.append(StoredField(name: String(cString: name), offset: offset, type: fieldType, kind: kind))
            return true
        }
        return fields
    }

    /// The kind of a type's metadata (struct, enum, class, function, …).
    static func kind(of type: Any.Type) -> _MetadataKind {
        _MetadataKind(rawValue: UInt(bitPattern: unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee)) ?? classOrUnknown(type)
    }

    private static func classOrUnknown(_ type: Any.Type) -> _MetadataKind {
        type is AnyClass ? .class : .unknown
    }
}
