import Foundation

/// What a string literal given to `Text` is, as in SwiftUI: the literal's Markdown is read
/// (`MarkdownInline`), and what is interpolated into it is shown as it is, in the style of the
/// Markdown around it (`"**\(name)**"` shows the name bold, whatever characters it holds).
///
/// Loom has no localisation tables: the key is the text.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// A literal part (Markdown) or an interpolated value (its own runs).
    enum Piece: Equatable, Sendable {
        case literal(String)
        case value(Text)
    }

    /// A literal alone (most keys: no array to make), or the pieces of an interpolation.
    private enum Storage: Equatable, Sendable {
        case literal(String)
        case pieces([Piece])
    }

    private let storage: Storage

    public init(_ value: String) {
        self.storage = .literal(value)
    }

    public init(stringLiteral value: String) {
        self.storage = .literal(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.storage = .pieces(stringInterpolation.pieces)
    }

    /// The text the Markdown and the values make.
    var text: Text.Storage {
        switch storage {
        case .literal(let string): MarkdownInline.hasMarkup(string) ? MarkdownInline.text([.literal(string)]) : .verbatim(string)
        case .pieces(let pieces): MarkdownInline.text(pieces)
        }
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount * 2 + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
        }

        public mutating func appendInterpolation(_ string: String) {
            pieces.append(.value(Text(verbatim: string)))
        }

        public mutating func appendInterpolation<Subject>(_ value: Subject) {
            appendInterpolation(String(describing: value))
        }

        /// A text keeps its own style, and takes the Markdown's around it.
        public mutating func appendInterpolation(_ text: Text) {
            pieces.append(.value(text))
        }

        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            appendInterpolation(format.format(input))
        }

        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            pieces.append(.value(Text(date, style: style)))
        }
    }
}
