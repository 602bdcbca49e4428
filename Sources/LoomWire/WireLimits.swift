import LoomStore

/// What a peer may send, checked before anything is allocated for it (Protocol/README.md, "Limits").
public struct WireLimits: Sendable, Equatable {
    /// Bytes in one JSON line or one binary frame (a large patch fits; a runaway peer does not).
    public var maximumMessageBytes = 16 << 20
    /// JSON nesting inside a message.
    public var maximumDepth = 512
    /// Bytes of text in one cell (one grapheme cluster).
    public var maximumCellBytes = 64
    /// Rows or columns of a screen.
    public var maximumScreen = 4_096

    public init() {}

    public static let `default` = WireLimits()

    var json: JSONLimits {
        var limits = JSONLimits()
        limits.maximumBytes = maximumMessageBytes
        limits.maximumDepth = maximumDepth
        return limits
    }
}
