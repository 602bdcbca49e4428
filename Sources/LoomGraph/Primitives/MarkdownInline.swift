import LoomCells

/// The inline Markdown SwiftUI reads in a `Text` literal, as a terminal shows it:
///
/// | Markdown | shown |
/// |---|---|
/// | `**strong**`, `__strong__` | bold |
/// | `*emphasis*`, `_emphasis_` | italic |
/// | `***both***` | bold italic |
/// | `~~struck~~` | struck through |
/// | `` `code` `` | as it is, with no markup read inside (every cell is monospaced already) |
/// | `[title](destination)` | the title underlined; the destination is not shown |
/// | `\*` (any ASCII punctuation after a backslash) | the character itself |
///
/// Delimiters follow CommonMark's flanking rules in their simple form: one opens before a
/// character that is not a space and closes after one, an underscore only at a word's edge
/// (`snake_case_name` stays as it is), and one with no closer later is shown as it is.
/// Interpolated values are atoms: never read as markup, styled by the markup around them.
///
/// Reading is a loop over the literal's characters with a stack of open delimiters: no
/// recursion, whatever the nesting.
enum MarkdownInline {
    static func text(_ pieces: [LocalizedStringKey.Piece]) -> Text.Storage {
        var needsParsing = false
        for case .literal(let string) in pieces where hasMarkup(string) {
            needsParsing = true
            break
        }
        var builder = RunBuilder()
        guard needsParsing else {
            for piece in pieces {
                switch piece {
                case .literal(let string): builder.append(string, attributes: [])
                case .value(let text): builder.append(text, attributes: [])
                }
            }
            return builder.result
        }
        var tokens: [Token] = []
        var values: [Text] = []
        for piece in pieces {
            switch piece {
            case .literal(let string): tokens.append(contentsOf: string.map(Token.character))
            case .value(let text):
                tokens.append(.value(values.count))
                values.append(text)
            }
        }
        var parser = Parser(tokens: tokens, values: values)
        return parser.parse()
    }

    /// Whether a literal has a byte that can start markup: one with none is one plain run,
    /// unparsed.
    static func hasMarkup(_ literal: String) -> Bool {
        func startsMarkup(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "\\"): true
            default: false
            }
        }
        // Over the bytes in place (every literal is read, each time its view's body runs).
        return literal.utf8.withContiguousStorageIfAvailable { $0.contains(where: startsMarkup) } ?? literal.utf8.contains(where: startsMarkup)
    }

    enum Token: Equatable {
        case character(Character)
        case value(Int)

        var character: Character? {
            if case .character(let character) = self { character } else { nil }
        }
    }

    /// An open delimiter: what it adds to the text after it until it closes.
    private struct Opener {
        var delimiter: Character
        var count: Int
        var adds: TextStyle
        /// For a link, where its title ends (`]`) and its destination does (`)`).
        var link: (titleEnd: Int, end: Int)?
    }

    private struct Parser {
        let tokens: [Token]
        let values: [Text]
        private var builder = RunBuilder()
        private var open: [Opener] = []

        init(tokens: [Token], values: [Text]) {
            self.tokens = tokens
            self.values = values
        }

        private var attributes: TextStyle {
            open.reduce(into: []) { $0.formUnion($1.adds) }
        }

        mutating func parse() -> Text.Storage {
            var index = 0
            while index < tokens.count {
                index = step(at: index)
            }
            return builder.result
        }

        /// Reads the markup or text at `index`; returns where to go on.
        private mutating func step(at index: Int) -> Int {
            guard let character = tokens[index].character else {
                if case .value(let value) = tokens[index] { builder.append(values[value], attributes: attributes) }
                return index + 1
            }
            if let linkIndex = open.lastIndex(where: { $0.link?.titleEnd == index }), let end = open[linkIndex].link?.end {
                open.removeSubrange(linkIndex...)
                return end + 1
            }
            switch character {
            case "\\":
                if index + 1 < tokens.count, let next = tokens[index + 1].character, next.isASCII, next.isPunctuation || next.isSymbol {
                    builder.append(String(next), attributes: attributes)
                    return index + 2
                }
            case "`":
                let length = runLength(at: index)
                if let close = codeSpanEnd(from: index + length, length: length) {
                    for token in tokens[(index + length)..<close] { append(verbatim: token) }
                    return close + length
                }
                builder.append(String(repeating: "`", count: length), attributes: attributes)
                return index + length
            case "[":
                if let link = link(from: index) {
                    open.append(Opener(delimiter: "[", count: 1, adds: .underline, link: link))
                    return index + 1
                }
            case "*", "_", "~":
                return delimiterRun(at: index, character)
            default:
                break
            }
            builder.append(String(character), attributes: attributes)
            return index + 1
        }

        private mutating func append(verbatim token: Token) {
            switch token {
            case .character(let character): builder.append(String(character), attributes: attributes)
            case .value(let value): builder.append(values[value], attributes: attributes)
            }
        }

        /// A run of `*`, `_` or `~`: closes what it can, opens what it can, shows the rest.
        private mutating func delimiterRun(at index: Int, _ delimiter: Character) -> Int {
            let length = runLength(at: index)
            let before = index > 0 ? tokens[index - 1] : nil
            let after = index + length < tokens.count ? tokens[index + length] : nil
            let (canOpen, canClose) = flanking(delimiter, before: before, after: after)
            var remaining = length
            if canClose {
                while remaining > 0, let top = open.last, top.delimiter == delimiter, top.count <= remaining {
                    remaining -= top.count
                    open.removeLast()
                }
            }
            if remaining == length, canOpen, hasCloser(delimiter, from: index + length) {
                let units: [(Int, TextStyle)] = switch (delimiter, remaining) {
                case ("~", 2): [(2, .strikethrough)]
                case ("~", _): []
                case (_, 1): [(1, .italic)]
                case (_, 2): [(2, .bold)]
                default: [(1, .italic), (2, .bold)]
                }
                for (count, adds) in units {
                    open.append(Opener(delimiter: delimiter, count: count, adds: adds))
                    remaining -= count
                }
            }
            if remaining > 0 { builder.append(String(repeating: delimiter, count: remaining), attributes: attributes) }
            return index + length
        }

        private func flanking(_ delimiter: Character, before: Token?, after: Token?) -> (canOpen: Bool, canClose: Bool) {
            func isSpace(_ token: Token?) -> Bool { token?.character.map(\.isWhitespace) ?? (token == nil) }
            func isWordCharacter(_ token: Token?) -> Bool { token?.character.map { $0.isLetter || $0.isNumber } ?? false }
            var canOpen = !isSpace(after)
            var canClose = !isSpace(before)
            if delimiter == "_" {
                canOpen = canOpen && !isWordCharacter(before)
                canClose = canClose && !isWordCharacter(after)
            }
            return (canOpen, canClose)
        }

        /// Whether a run of `delimiter` that can close comes later.
        private func hasCloser(_ delimiter: Character, from start: Int) -> Bool {
            var index = start
            while index < tokens.count {
                guard tokens[index].character == delimiter else {
                    index += 1
                    continue
                }
                let length = runLength(at: index)
                let after = index + length < tokens.count ? tokens[index + length] : nil
                if flanking(delimiter, before: tokens[index - 1], after: after).canClose { return true }
                index += length
            }
            return false
        }

        private func runLength(at index: Int) -> Int {
            let character = tokens[index]
            var end = index
            while end < tokens.count, tokens[end] == character { end += 1 }
            return end - index
        }

        /// Where a run of exactly `length` backticks starts after `start`, if one does.
        private func codeSpanEnd(from start: Int, length: Int) -> Int? {
            var index = start
            while index < tokens.count {
                guard tokens[index].character == "`" else {
                    index += 1
                    continue
                }
                let run = runLength(at: index)
                if run == length { return index }
                index += run
            }
            return nil
        }

        /// A link's `]` and `)` after its `[`, if it is one: a title without brackets, then a
        /// destination in parentheses right after it.
        private func link(from start: Int) -> (titleEnd: Int, end: Int)? {
            guard let titleEnd = tokens[(start + 1)...].firstIndex(where: { $0.character == "]" || $0.character == "[" }),
                  tokens[titleEnd].character == "]", titleEnd + 1 < tokens.count, tokens[titleEnd + 1].character == "(",
                  let end = tokens[(titleEnd + 2)...].firstIndex(where: { $0.character == ")" }) else { return nil }
            return (titleEnd, end)
        }
    }

    /// Runs made one piece at a time, neighbours of one style joined; a text of one plain run
    /// comes out as a string.
    struct RunBuilder {
        private var runs: [Text.Run] = []
        private var pending = ""
        private var pendingAttributes: TextStyle = []

        mutating func append(_ string: String, attributes: TextStyle) {
            if attributes != pendingAttributes {
                flush()
                pendingAttributes = attributes
            }
            pending += string
        }

        mutating func append(_ text: Text, attributes: TextStyle) {
            switch text.content {
            case .verbatim(let string):
                append(string, attributes: attributes)
            case .runs(let runs):
                for var run in runs {
                    if case .string(let string) = run.content, run.style == Text.RunStyle() {
                        append(string, attributes: attributes)
                        continue
                    }
                    flush()
                    run.style.attributes.formUnion(attributes)
                    self.runs.append(run)
                }
            }
        }

        private mutating func flush() {
            guard !pending.isEmpty else { return }
            runs.append(Text.Run(.string(pending), style: Text.RunStyle(attributes: pendingAttributes)))
            pending = ""
        }

        var result: Text.Storage {
            mutating get {
                if runs.isEmpty && pendingAttributes.isEmpty { return .verbatim(pending) }
                flush()
                return .runs(runs)
            }
        }
    }
}
