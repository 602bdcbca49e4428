import LoomCells
import LoomGraph

/// Text snapshots of what a viewer of a given size sees: the golden tests, and the daemon's
/// `snapshot` command, use them.
public enum Snapshot {
    /// The screen as plain text, one line per row, trailing spaces removed.
    public static func text(_ grid: CellGrid) -> String {
        grid.trimmedLines.joined(separator: "\n")
    }

    /// The screen with style markup: `{bold fg=red}text{}` around runs in a non-plain style,
    /// with the attribute and colour names of `style` messages; a brace in the text is doubled
    /// (`{{`, `}}`), so a `{` alone always opens a style (Protocol/README.md, "Snapshot markup").
    public static func markup(_ grid: CellGrid, styles: StyleTable) -> String {
        (0..<grid.height).map { row in
            var line = ""
            var current = StyleID.plain
            for cell in grid.row(row) where !cell.isContinuation {
                if cell.style != current {
                    line += "{\(describe(styles[cell.style]))}"
                    current = cell.style
                }
                let text = cell.text
                line += text == "{" ? "{{" : text == "}" ? "}}" : text
            }
            if current != .plain { line += "{}" }
            return line.droppingTrailingSpaces()
        }.joined(separator: "\n")
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        for (attribute, name) in TextStyle.names where style.attributes.contains(attribute) { parts.append(name) }
        if let foreground = style.foreground { parts.append("fg=\(describe(foreground))") }
        if let background = style.background { parts.append("bg=\(describe(background))") }
        return parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .named(let name): name.name
        case .palette(let index): "\(index)"
        case .rgb(let red, let green, let blue): "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(2) }.joined()
        }
    }

    /// Renders a view at a size (a fresh `ViewHost`'s first frame), as plain text.
    public static func render<V: View>(_ view: V, width: Int, height: Int) -> String {
        ViewHost(view, width: width, height: height).text
    }

    /// Renders a view at a size, with style markup.
    public static func renderMarkup<V: View>(_ view: V, width: Int, height: Int) -> String {
        ViewHost(view, width: width, height: height).markup
    }
}

extension String {
    /// Without its trailing spaces, found by bytes rather than by characters.
    fileprivate func droppingTrailingSpaces() -> String {
        let end = utf8.lastIndex { $0 != UInt8(ascii: " ") }.map { utf8.index(after: $0) } ?? startIndex
        return String(self[..<end])
    }

    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
