import LoomGraph
import LoomSceneDocuments

/// How each modifier `SceneVocabulary` declares is applied: SwiftUI's own, with its arguments
/// read through the reader (a bound colour re-evaluates the node when its value changes).
enum DocumentModifiers {
    /// A modifier, the view it modifies, the node's reader, and the node's view (for the scope
    /// and context a modifier's own views are shown in: an overlay's).
    typealias Applier = @Sendable (DocumentNode.Modifier, AnyView, DocumentReader, DocumentView) -> AnyView

    static func apply(_ modifier: DocumentNode.Modifier, to view: AnyView, reader: DocumentReader, in node: DocumentView) -> AnyView {
        appliers[modifier.name]?(modifier, view, reader, node) ?? view
    }

    static let appliers: [String: Applier] = [
        "padding": { modifier, view, reader, _ in
            let edges: Edge.Set = switch modifier.choice("edges") {
            case "horizontal": .horizontal
            case "vertical": .vertical
            case "top": .top
            case "bottom": .bottom
            case "leading": .leading
            case "trailing": .trailing
            default: .all
            }
            return AnyView(view.padding(edges, reader.cells(modifier.value("length")) ?? 1))
        },
        "frame": { modifier, view, reader, _ in
            let width = reader.cells(modifier.value("width")), height = reader.cells(modifier.value("height"))
            return AnyView(view.frame(minWidth: width ?? reader.cells(modifier.value("minWidth")), idealWidth: width,
                                      maxWidth: width ?? reader.cells(modifier.value("maxWidth")),
                                      minHeight: height ?? reader.cells(modifier.value("minHeight")), idealHeight: height,
                                      maxHeight: height ?? reader.cells(modifier.value("maxHeight")),
                                      alignment: DocumentViewBuilders.alignment(modifier.choice("alignment"))))
        },
        "foregroundColor": { modifier, view, reader, _ in
            guard let color = reader.color(modifier.value("color")) else { return view }
            return AnyView(view.foregroundColor(color))
        },
        "background": { modifier, view, reader, _ in
            guard let color = reader.color(modifier.value("color")), let color else { return view }
            return AnyView(view.background(color))
        },
        "tint": { modifier, view, reader, _ in
            guard let color = reader.color(modifier.value("color")) else { return view }
            return AnyView(view.tint(color))
        },
        "bold": { modifier, view, reader, _ in reader.bool(modifier.value("isActive")) ?? true ? AnyView(view.bold()) : view },
        "italic": { modifier, view, reader, _ in reader.bool(modifier.value("isActive")) ?? true ? AnyView(view.italic()) : view },
        "underline": { modifier, view, reader, _ in reader.bool(modifier.value("isActive")) ?? true ? AnyView(view.underline()) : view },
        "tag": { modifier, view, _, _ in
            guard case .literal(let value)? = modifier.value("value") else { return view }
            return AnyView(view.tag(value))
        },
        "tabItem": { modifier, view, reader, _ in
            let label = reader.string(modifier.text("label"), missing: "") ?? ""
            return AnyView(view.tabItem { Text(verbatim: label) })
        },
        "navigationTitle": { modifier, view, reader, _ in AnyView(view.navigationTitle(reader.string(modifier.text("title"), missing: "") ?? "")) },
        "disabled": { modifier, view, reader, _ in AnyView(view.disabled(reader.bool(modifier.value("isDisabled")) ?? true)) },
        "stale": { modifier, view, reader, node in
            guard case .path(let path)? = modifier.arguments["bind"], case .seconds(let after)? = modifier.arguments["after"],
                  case .modifiers(let then)? = modifier.arguments["then"] else { return view }
            var stale = view
            for inner in then { stale = apply(inner, to: stale, reader: reader, in: node) }
            // Nothing there yet counts as stale: a feeder that never wrote has not written lately.
            guard let moment = reader.read(path).flatMap(ValueFormat.moment) else { return stale }
            return AnyView(StaleClock(deadline: moment.addingTimeInterval(after), fresh: view, stale: stale))
        },
        "strikethrough": { modifier, view, reader, _ in reader.bool(modifier.value("isActive")) ?? true ? AnyView(view.strikethrough()) : view },
        "lineLimit": { modifier, view, reader, _ in AnyView(view.lineLimit(reader.cells(modifier.value("limit")))) },
        "truncationMode": { modifier, view, _, _ in
            let mode: Text.TruncationMode = switch modifier.choice("mode") {
            case "head": .head
            case "middle": .middle
            default: .tail
            }
            return AnyView(view.truncationMode(mode))
        },
        "multilineTextAlignment": { modifier, view, _, _ in
            let alignment: TextAlignment = switch modifier.choice("alignment") {
            case "center": .center
            case "trailing": .trailing
            default: .leading
            }
            return AnyView(view.multilineTextAlignment(alignment))
        },
        "fixedSize": { modifier, view, reader, _ in
            let both = reader.bool(modifier.value("isActive"))
            let horizontal = reader.bool(modifier.value("horizontal")) ?? both ?? (modifier.value("vertical") == nil)
            let vertical = reader.bool(modifier.value("vertical")) ?? both ?? (modifier.value("horizontal") == nil)
            return AnyView(view.fixedSize(horizontal: horizontal, vertical: vertical))
        },
        "listRowSeparator": { modifier, view, _, _ in
            let visibility: Visibility = switch modifier.choice("visibility") {
            case "hidden": .hidden
            case "visible": .visible
            default: .automatic
            }
            return AnyView(view.listRowSeparator(visibility))
        },
        "font": { modifier, view, _, _ in
            let font: Font = switch modifier.choice("font") {
            case "largeTitle": .largeTitle
            case "title": .title
            case "title2": .title2
            case "title3": .title3
            case "headline": .headline
            case "subheadline": .subheadline
            case "callout": .callout
            case "footnote": .footnote
            case "caption": .caption
            case "caption2": .caption2
            default: .body
            }
            return AnyView(view.font(font))
        },
        "fontWeight": { modifier, view, _, _ in
            let weight: Font.Weight = switch modifier.choice("weight") {
            case "ultraLight": .ultraLight
            case "thin": .thin
            case "light": .light
            case "medium": .medium
            case "semibold": .semibold
            case "bold": .bold
            case "heavy": .heavy
            case "black": .black
            default: .regular
            }
            return AnyView(view.fontWeight(weight))
        },
        "hidden": { modifier, view, reader, _ in reader.bool(modifier.value("isHidden")) ?? true ? AnyView(view.hidden()) : view },
        "opacity": { modifier, view, reader, _ in AnyView(view.opacity(reader.number(modifier.value("opacity")) ?? 1)) },
        "overlay": { modifier, view, _, node in
            guard let content = modifier.arguments["content"].flatMap(DocumentNode.node) else { return view }
            return AnyView(view.overlay(alignment: DocumentViewBuilders.alignment(modifier.choice("alignment"))) {
                DocumentView(node: content, scope: node.scope, context: node.context)
            })
        },
        "defaultScrollAnchor": { modifier, view, _, _ in
            AnyView(view.defaultScrollAnchor(DocumentViewBuilders.unitPoint(modifier.choice("anchor"))))
        },
        "safeAreaInset": { modifier, view, reader, node in
            guard let content = modifier.arguments["content"].flatMap(DocumentNode.node) else { return view }
            let inset = DocumentView(node: content, scope: node.scope, context: node.context)
            let spacing = reader.cells(modifier.value("spacing"))
            let alignment = DocumentViewBuilders.alignment(modifier.choice("alignment"))
            switch modifier.choice("edge") {
            case "top": return AnyView(view.safeAreaInset(edge: .top, alignment: alignment.horizontal, spacing: spacing) { inset })
            case "bottom": return AnyView(view.safeAreaInset(edge: .bottom, alignment: alignment.horizontal, spacing: spacing) { inset })
            case "leading": return AnyView(view.safeAreaInset(edge: .leading, alignment: alignment.vertical, spacing: spacing) { inset })
            default: return AnyView(view.safeAreaInset(edge: .trailing, alignment: alignment.vertical, spacing: spacing) { inset })
            }
        },
        "keyboardShortcut": { modifier, view, reader, _ in
            guard let key = reader.string(modifier.text("key"), missing: ""), key.count == 1, let character = key.first else { return view }
            return AnyView(view.keyboardShortcut(KeyEquivalent(character)))
        },
        "border": { modifier, view, reader, _ in
            guard let color = reader.color(modifier.value("color")), let color else { return view }
            return AnyView(view.border(color, width: reader.cells(modifier.value("width")) ?? 1))
        },
    ]
}
