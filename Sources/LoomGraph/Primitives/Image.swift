/// SwiftUI's `Image(systemName:)` in a terminal: the SF Symbols people use most in status
/// views, drawn as the character nearest in meaning (`checkmark` ✓, `xmark` ✗,
/// `exclamationmark.triangle` ⚠, `star` ★, `gear` ⚙, …; the `.fill`, `.circle` and `.square`
/// variants as their base). A name without a character draws nothing and takes no space, as
/// SwiftUI shows nothing for a name it does not know.
public struct Image: View {
    let glyph: String?

    public init(systemName: String) {
        glyph = Self.glyph(forSystemName: systemName)
    }

    public var body: some View {
        if let glyph { Text(glyph) }
    }

    /// Single-width characters only, so a label lines up in every terminal.
    static let glyphs: [String: String] = [
        "checkmark": "✓", "xmark": "✗", "plus": "+", "minus": "−", "multiply": "×", "divide": "÷", "equal": "=",
        "exclamationmark": "!", "exclamationmark.triangle": "⚠", "exclamationmark.octagon": "⚠", "questionmark": "?",
        "info": "ℹ", "star": "★", "heart": "♥", "gear": "⚙", "gearshape": "⚙", "bolt": "ϟ", "flag": "⚑",
        "circle": "●", "square": "■", "diamond": "◆", "triangle": "▲", "play": "▶", "stop": "■", "pause": "‖",
        "arrow.up": "↑", "arrow.down": "↓", "arrow.left": "←", "arrow.right": "→", "arrow.up.arrow.down": "↕",
        "arrow.clockwise": "↻", "arrow.counterclockwise": "↺", "arrow.triangle.2.circlepath": "⟳",
        "chevron.up": "˄", "chevron.down": "˅", "chevron.left": "‹", "chevron.right": "›",
        "magnifyingglass": "⌕", "clock": "◷", "timer": "◷", "hourglass": "⧗", "calendar": "▦", "list.bullet": "≡",
        "line.3.horizontal": "≡", "ellipsis": "…", "doc": "▤", "doc.text": "▤", "envelope": "✉", "wifi": "≋",
        "link": "∞", "cloud": "☁", "sun.max": "☀", "moon": "☾", "umbrella": "☂", "snowflake": "❄",
        "checkmark.seal": "✓", "pencil": "✎", "square.and.pencil": "✎", "paperplane": "➤",
    ]

    /// The character for a symbol name: the name itself, else the name without its variant
    /// suffixes (`.fill`, `.circle`, `.square`, `.slash`, tried from the end).
    static func glyph(forSystemName name: String) -> String? {
        var candidate = Substring(name)
        let variants = [".fill", ".circle", ".square", ".slash", ".badge", ".rectangle"]
        while true {
            if let glyph = glyphs[String(candidate)] { return glyph }
            guard let variant = variants.first(where: { candidate.hasSuffix($0) }) else { return nil }
            candidate = candidate.dropLast(variant.count)
        }
    }
}
