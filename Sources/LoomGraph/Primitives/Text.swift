import Foundation
import LoomCells

/// A run of text, or several of different styles (`Text + Text`, Markdown in a literal). Layout
/// wraps and truncates it by grapheme cluster across its runs.
///
/// As in SwiftUI, a string literal is a `LocalizedStringKey`, so its Markdown is shown
/// (`Text("**3** failed")`), while a `String` value is shown as it is (`Text(name)`,
/// `Text(verbatim:)`): data is never read as markup.
public struct Text: View, Equatable, Sendable {
    var content: Storage

    /// A string as it is (most texts: no array to make or compare), or runs.
    enum Storage: Equatable, Sendable {
        case verbatim(String)
        case runs([Run])
    }

    init(runs: [Run]) {
        self.content = .runs(runs)
    }

    public init(verbatim content: String) {
        self.content = .verbatim(content)
    }

    /// A string value, shown as it is. Disfavoured, as SwiftUI's is, so that a literal is a
    /// `LocalizedStringKey`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.init(verbatim: String(content))
    }

    /// A literal, with its Markdown (`**bold**`, `*italic*`, `~~struck~~`, `` `code` ``,
    /// `[links](…)` shown underlined, as text) and its interpolations shown as they are.
    public init(_ key: LocalizedStringKey) {
        self.content = key.text
    }

    /// `input` as `format` writes it (`Text(0.25, format: .percent)`,
    /// `Text(load, format: .number.precision(.fractionLength(2)))`).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    var runs: [Run] {
        switch content {
        case .verbatim(let string): [Run(.string(string))]
        case .runs(let runs): runs
        }
    }

    /// The text, runs joined, without their styles (a field's placeholder).
    var plainText: String {
        runs.map { $0.content.string(now: Date()) }.joined()
    }

    /// Both texts one after the other, each in its own style, wrapped as one text.
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(runs: lhs.runs + rhs.runs)
    }
}

extension Text {
    /// A part of a text and the style it adds to what the views around it set.
    struct Run: Equatable, Sendable {
        var content: Content
        var style = RunStyle()

        init(_ content: Content, style: RunStyle = RunStyle()) {
            self.content = content
            self.style = style
        }
    }

    enum Content: Equatable, Sendable {
        case string(String)
        /// A date shown in a style that follows the clock (`Text(_:style:)`).
        case date(Date, DateStyle)

        func string(now: Date) -> String {
            switch self {
            case .string(let string): string
            case .date(let date, let style): style.string(for: date, now: now)
            }
        }
    }

    /// What `bold()`, `font(_:)`, `foregroundColor(_:)` and the like set on a text itself. As in
    /// SwiftUI, the innermost setting wins: a font or colour set on a part of a text is kept
    /// when the whole is given another.
    struct RunStyle: Equatable, Sendable {
        var attributes: TextStyle = []
        var font: Font?
        var weight: Font.Weight?
        var foreground: ForegroundSetting = .inherited

        enum ForegroundSetting: Equatable, Sendable {
            case inherited
            /// nil: the terminal's own colour (`.primary`).
            case color(Color?)
        }

        /// The attributes the run adds: its font's, changed by its weight, and its own.
        var effectiveAttributes: TextStyle {
            var fontAttributes = font?.attributes ?? []
            if let weight { fontAttributes = fontAttributes.subtracting([.bold, .dim]).union(weight.attributes) }
            return fontAttributes.union(attributes)
        }
    }
}

extension Text: LeafPrimitive {
    func primitive(in node: PrimitiveNode<Text>) -> Primitive? {
        guard case .runs(let runs) = content else {
            if case .verbatim(let string) = content { return .text(string) }
            return nil
        }
        let now = Date()
        return .styledText(StyledText(runs: runs.map { run in
            let foreground: (Color?)? = switch run.style.foreground {
            case .inherited: nil
            case .color(let color): .some(color)
            }
            return StyledText.Run(string: run.content.string(now: now), attributes: run.style.effectiveAttributes, foreground: foreground)
        }))
    }

    func updateChildren(_ children: inout ChildList) {
        TextClock.follow(self, in: children.node)
    }

    func nodeWillBeDestroyed(_ node: PrimitiveNode<Text>) {
        node.graph.stopTask(for: node)
    }
}
