import Foundation
import LoomCells
import LoomGraph
import LoomJSON
import LoomSceneDocuments

/// A text argument filled in: literal text as written; each placeholder's value formatted;
/// a path that names nothing shown as its fallback, else the document's `missing` text (dim);
/// a value its format cannot show, as its JSON in the warning colour — never blank, never
/// `undefined`, never the raw placeholder.
struct TemplateText {
    let reader: DocumentReader
    let missing: String

    enum Kind { case plain, missing, wrongType, since(Date) }

    struct Piece {
        let text: String
        let kind: Kind
    }

    func pieces(_ argument: DocumentNode.TextArgument) -> [Piece] {
        switch argument {
        case .template(let template):
            return template.segments.map { segment in
                switch segment {
                case .literal(let text):
                    return Piece(text: text, kind: .plain)
                case .value(let path, let format, let fallback):
                    guard let value = reader.read(path), value != .null else {
                        return fallback.map { Piece(text: $0, kind: .plain) } ?? Piece(text: missing, kind: .missing)
                    }
                    guard let format else { return Piece(text: Self.text(value), kind: .plain) }
                    if format == .relative, let moment = ValueFormat.moment(value) {
                        return Piece(text: format.format(value) ?? "", kind: .since(moment))
                    }
                    guard let shown = format.format(value) else { return Piece(text: value.description, kind: .wrongType) }
                    return Piece(text: shown, kind: .plain)
                }
            }
        case .value(let source):
            guard let value = reader.value(source), value != .null else { return [Piece(text: missing, kind: .missing)] }
            return [Piece(text: Self.text(value), kind: .plain)]
        case .runs(let runs):
            return runs.flatMap { pieces($0.text) }
        }
    }

    /// A value as text: a string as it is, anything else as its JSON.
    static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.description
    }

    func text(_ argument: DocumentNode.TextArgument) -> Text {
        guard case .runs(let runs) = argument else { return text(pieces: pieces(argument)) }
        // Each run in its own style, joined as SwiftUI joins texts (`Text + Text`).
        var joined = Text(verbatim: "")
        for run in runs {
            var part = text(pieces: pieces(run.text))
            if let color = reader.color(run.styles["foregroundColor"]) { part = part.foregroundColor(color) }
            if reader.bool(run.styles["bold"]) == true { part = part.bold() }
            if reader.bool(run.styles["italic"]) == true { part = part.italic() }
            if reader.bool(run.styles["underline"]) == true { part = part.underline() }
            if reader.bool(run.styles["strikethrough"]) == true { part = part.strikethrough() }
            joined = joined + part
        }
        return joined
    }

    private func text(pieces: [Piece]) -> Text {
        // The common case, one plain piece, is one `Text` with nothing appended.
        if pieces.count == 1, case .plain = pieces[0].kind { return Text(verbatim: pieces[0].text) }
        var text = Text(verbatim: "")
        for piece in pieces {
            switch piece.kind {
            case .plain: text = text + Text(verbatim: piece.text)
            case .missing: text = text + Text(verbatim: piece.text).dim()
            case .wrongType: text = text + Text(verbatim: piece.text).foregroundColor(.yellow)
            // A text that follows the clock: re-evaluated at each second while it shows.
            case .since(let moment): text = text + Text(moment, style: .relative)
            }
        }
        return text
    }
}
