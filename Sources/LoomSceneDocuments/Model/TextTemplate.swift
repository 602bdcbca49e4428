/// A text parameter as written (`"{name} ({status})"`, `"{load|decimals:2 ?? -}"`): literal text
/// and placeholders, each a path with an optional format and fallback. Braces are written
/// `{{` and `}}`; nothing else goes inside braces (no operators, no calls), so every template
/// is checked when the document is applied and reads exactly the paths it names.
public struct TextTemplate: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case literal(String)
        /// `fallback`: shown when the path names nothing (else the document's `missing` text).
        case value(DataPath, format: ValueFormat?, fallback: String?)
    }

    public let segments: [Segment]

    /// A template with no placeholder: the text itself, read once.
    public var literal: String? {
        if segments.isEmpty { return "" }
        guard segments.count == 1, case .literal(let text) = segments[0] else { return nil }
        return text
    }

    /// Every path the template reads.
    public var paths: [DataPath] {
        segments.compactMap { if case .value(let path, _, _) = $0 { path } else { nil } }
    }
}
