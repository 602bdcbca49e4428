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

    /// A literal alone (most keys: no array to make), an interpolation of plain text alone
    /// (`"value \(count)"`: its text, made as it was interpolated), or the pieces of one with
    /// Markdown or a text of its own.
    private enum Storage: Equatable, Sendable {
        case literal(String)
        case plain(String)
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
        self.storage = stringInterpolation.pieces.map(Storage.pieces) ?? .plain(stringInterpolation.plain)
    }

    /// The text the Markdown and the values make.
    var text: Text.Storage {
        switch storage {
        case .literal(let string): MarkdownInline.hasMarkup(string) ? MarkdownInline.text([.literal(string)]) : .verbatim(string)
        case .plain(let string): .verbatim(string)
        case .pieces(let pieces): MarkdownInline.text(pieces)
        }
    }

    /// An interpolation is kept as the text it makes while it is plain text (literals without
    /// Markdown, strings), as most are: no list of pieces and no parse for `"value \(count)"`.
    /// The first literal with Markdown, or a text of its own, starts the pieces, with what came
    /// before as one value of plain text. That reads as the pieces would have: what came before
    /// holds no markup, so it only neighbours what follows, and what it ends with is a value
    /// either way (a literal follows a value), which Markdown's delimiters see as one.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// The text so far, while it is plain.
        var plain = ""
        /// The pieces, once it is not.
        var pieces: [Piece]?

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            if pieces == nil && !MarkdownInline.hasMarkup(literal) { return plain += literal }
            appendPiece(.literal(literal))
        }

        public mutating func appendInterpolation(_ string: String) {
            if pieces == nil { return plain += string }
            appendPiece(.value(Text(verbatim: string)))
        }

        private mutating func appendPiece(_ piece: Piece) {
            if pieces == nil { pieces = plain.isEmpty ? [] : [.value(Text(verbatim: plain))] }
            pieces?.append(piece)
        }

        public mutating func appendInterpolation<Subject>(_ value: Subject) {
            appendInterpolation(String(describing: value))
        }

        /// A text keeps its own style, and takes the Markdown's around it.
        public mutating func appendInterpolation(_ text: Text) {
            appendPiece(.value(text))
        }

        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            appendInterpolation(format.format(input))
        }

        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            appendPiece(.value(Text(date, style: style)))
        }
    }
}
