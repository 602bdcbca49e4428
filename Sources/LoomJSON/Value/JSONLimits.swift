/// What the store accepts, checked before anything is allocated for it. Every limit a client
/// can hit gives an error naming the limit, and changes nothing.
public struct JSONLimits: Sendable, Equatable {
    /// Nesting of arrays and objects. Deeper input is refused (the parser stops at this depth,
    /// so 100,000 opening brackets cost nothing).
    public var maximumDepth = 512
    /// Bytes of JSON text in one value or message.
    public var maximumBytes = 64 << 20
    /// Bytes of one string, after unescaping.
    public var maximumStringBytes = 16 << 20
    /// Bytes of the whole document, counted as its compact JSON text (`JSONValue.weight`). A
    /// `copy` shares its source's storage, so without it a patch of thirty copies of a value into
    /// itself describes 16 GB — which every `get`, watch and snapshot would then write out.
    public var maximumDocumentBytes = 256 << 20
    /// Refuse a top-level object that names a member twice (a protocol message: which `type`
    /// would it be?). Values inside keep JSON's usual rule, the last one wins.
    public var requiresUniqueTopLevelKeys = false

    public init() {}

    public static let `default` = JSONLimits()
}
