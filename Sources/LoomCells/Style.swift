/// How a cell is drawn: colours and attributes.
public struct Style: Sendable, Hashable {
    /// The text attributes views set (`bold()`, `dim()`, …), as the graph names them.
    public typealias Attributes = TextStyle

    public var foreground: Color?
    public var background: Color?
    public var attributes: Attributes = []

    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
}

/// A style's number in a `StyleTable`; 0 is the plain style.
public struct StyleID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let plain = StyleID(rawValue: 0)
    public static func < (lhs: StyleID, rhs: StyleID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "s\(rawValue)" }
}

/// Interns styles: each distinct style gets an id once and keeps it, so a viewer is sent each
/// style's definition once (Protocol/README.md: a style is defined once, by id).
///
/// Bounded by the distinct styles a session uses (colours × attributes); never shrinks.
public final class StyleTable {
    private var ids: [Style: StyleID] = [.plain: .plain]
    public private(set) var styles: [Style] = [.plain]

    public init() {}

    /// The last style looked up and its id: what is drawn together (a row's texts, the cells
    /// of a frame) mostly shares one style, compared here rather than hashed again.
    private var last = (style: Style.plain, id: StyleID.plain)

    public func id(for style: Style) -> StyleID {
        // Most text is plain: compared, not hashed.
        if style == .plain { return .plain }
        if style == last.style { return last.id }
        let id: StyleID
        if let known = ids[style] {
            id = known
        } else {
            id = StyleID(rawValue: UInt32(styles.count))
            ids[style] = id
            styles.append(style)
        }
        last = (style, id)
        return id
    }

    public subscript(id: StyleID) -> Style {
        Int(id.rawValue) < styles.count ? styles[Int(id.rawValue)] : .plain
    }
}
