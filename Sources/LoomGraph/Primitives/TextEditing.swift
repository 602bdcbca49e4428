/// An edit a viewer makes in a focused text field: the keys people expect of a line editor
/// (readline's and macOS's): characters and pastes, moves by character, word and line,
/// and deletions of the same extents.
package enum TextEdit: Sendable, Hashable {
    case insert(String)
    case moveLeft, moveRight, moveWordLeft, moveWordRight, moveToStart, moveToEnd
    case deleteBackward, deleteForward, deleteWordBackward, deleteToStart, deleteToEnd
}

/// A line of text being edited and its caret, counted in `Character`s: extended grapheme
/// clusters, so a move or a deletion takes a whole wide character, an emoji sequence, or a
/// letter with its combining marks, never half of one.
package struct TextEditing: Equatable, Sendable {
    package private(set) var text: String
    /// How many characters come before the caret (0…`text.count`).
    package private(set) var caret: Int

    /// The most characters a field holds. Every character of it may come from a viewer (a
    /// paste is up to a wire message), and the text lives in the daemon's memory and in every
    /// frame that shows the field: past it, an insertion keeps the characters that fit and
    /// drops the rest.
    package static let maximumCharacters = 65_536

    /// `text` with the caret at its end, where a field puts it when its text comes from outside.
    package init(text: String) {
        self.text = text
        caret = text.count
    }

    package mutating func apply(_ edit: TextEdit) {
        switch edit {
        case .insert(let typed): insert(typed)
        case .moveLeft: caret = max(0, caret - 1)
        case .moveRight: caret = min(text.count, caret + 1)
        case .moveWordLeft: caret = wordStart(before: caret)
        case .moveWordRight: caret = wordEnd(after: caret)
        case .moveToStart: caret = 0
        case .moveToEnd: caret = text.count
        case .deleteBackward: delete(max(0, caret - 1)..<caret)
        case .deleteForward: delete(caret..<min(text.count, caret + 1))
        case .deleteWordBackward: delete(wordStart(before: caret)..<caret)
        case .deleteToStart: delete(0..<caret)
        case .deleteToEnd: delete(caret..<text.count)
        }
    }

    /// Inserts at the caret what a single line can hold: line breaks and tabs become spaces,
    /// other control characters are dropped (a terminal must never be sent them back), and
    /// nothing past `maximumCharacters`. The caret goes after the insertion, counted again:
    /// a combining mark typed after a letter joins it rather than adding a character.
    private mutating func insert(_ typed: String) {
        var clean = String()
        for character in typed {
            if character.isNewline || character == "\t" {
                clean.append(" ")
            } else if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                clean.append(character)
            }
        }
        let room = Self.maximumCharacters - text.count
        guard room > 0, !clean.isEmpty else { return }
        let kept = clean.count > room ? String(clean.prefix(room)) : clean
        let split = index(caret)
        let before = String(text[..<split]) + kept
        caret = before.count
        text = before + text[split...]
    }

    private mutating func delete(_ characters: Range<Int>) {
        guard !characters.isEmpty else { return }
        let lower = index(characters.lowerBound)
        text.removeSubrange(lower..<text.index(lower, offsetBy: characters.count))
        caret = characters.lowerBound
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }

    /// Word characters are letters, digits and `_`; a word move crosses the other characters
    /// first, then the word (Alt-← and Ctrl-W in readline, ⌥← on macOS).
    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private func wordStart(before offset: Int) -> Int {
        let characters = Array(text.prefix(offset))
        var position = characters.count
        while position > 0, !Self.isWord(characters[position - 1]) { position -= 1 }
        while position > 0, Self.isWord(characters[position - 1]) { position -= 1 }
        return position
    }

    private func wordEnd(after offset: Int) -> Int {
        let characters = Array(text.dropFirst(offset))
        var position = 0
        while position < characters.count, !Self.isWord(characters[position]) { position += 1 }
        while position < characters.count, Self.isWord(characters[position]) { position += 1 }
        return offset + position
    }
}
