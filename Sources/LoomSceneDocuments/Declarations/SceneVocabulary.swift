/// Every view and modifier a scene document may use: the one declaration the compiler checks
/// documents against, the JSON Schema is generated from, and the views module builds (its test
/// checks that each declared name has a builder, and no builder lacks a declaration).
public enum SceneVocabulary {
    static let horizontal = ["leading", "center", "trailing"]
    static let vertical = ["top", "center", "bottom"]
    static let alignments = ["center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]
    static let spacing = ParameterDeclaration("spacing", .cells(unbounded: false), "cells between children (default: the stack's own)")
    static let content = ParameterDeclaration("content", .nodes, "the views inside, in order")

    public static let views: [ViewDeclaration] = [
        ViewDeclaration("VStack", "children in a column", [
            ParameterDeclaration("alignment", .choice(horizontal), "where narrower children sit (default center)"), spacing, content,
        ]),
        ViewDeclaration("HStack", "children in a row", [
            ParameterDeclaration("alignment", .choice(vertical), "where shorter children sit (default center)"), spacing, content,
        ]),
        ViewDeclaration("ZStack", "children on top of each other, the last on top", [
            ParameterDeclaration("alignment", .choice(alignments), "where smaller children sit (default center)"), content,
        ]),
        ViewDeclaration("LazyVStack", "a column that builds only the rows in view (inside a ScrollView)", builds: .visibleRows, [
            ParameterDeclaration("alignment", .choice(horizontal), "where narrower children sit (default center)"), spacing, content,
        ]),
        ViewDeclaration("Group", "children without a container of their own", builds: .asItsContainer, [content]),
        ViewDeclaration("List", "rows, scrolled and built lazily, one focusable row at a time", builds: .visibleRows, [content]),
        ViewDeclaration("ScrollView", "content larger than its place, scrolled", [
            ParameterDeclaration("axes", .choice(["vertical", "horizontal", "both"]), "which way it scrolls (default vertical)"),
            ParameterDeclaration("showsIndicators", .bool, "whether a scroll bar shows (default true)"),
            content,
        ]),
        ViewDeclaration("Section", "rows under a header, in a List", builds: .asItsContainer, [
            ParameterDeclaration("header", .text, "the header's text"), content,
        ]),
        ViewDeclaration("Text", "text, with placeholders for store values", shorthand: "text", [
            ParameterDeclaration("text", .text, required: true, "the text: \"{path}\", \"{path|format}\", \"{path ?? fallback}\""),
        ]),
        ViewDeclaration("Spacer", "takes the free space of its stack", [
            ParameterDeclaration("minLength", .cells(unbounded: false), "the least space it takes"),
        ]),
        ViewDeclaration("Divider", "a line across its stack", []),
        ViewDeclaration("ProgressView", "a bar filled to value/total, or a spinner without a value", [
            ParameterDeclaration("value", .number, "how much is done (missing: indeterminate)"),
            ParameterDeclaration("total", .number, "what value means done (default 1)"),
            ParameterDeclaration("label", .text, "a title above the bar"),
        ]),
        ViewDeclaration("ForEach", "its content once per member of a store object or array", repeatsContent: true, builds: .asItsContainer, [
            ParameterDeclaration("data", .data, required: true, "the object or array whose members are repeated"),
            ParameterDeclaration("as", .name, "a name for the member, to reach it from nested rows (\"$job/name\")"),
            ParameterDeclaration("id", .member, "an array's elements are keyed by this member (default: their index)"),
            ParameterDeclaration("content", .nodes, required: true, "the views of one member; relative paths read the member"),
        ]),
    ]

    public static let modifiers: [ModifierDeclaration] = [
        ModifierDeclaration("padding", "space around the view", shorthand: "length", [
            ParameterDeclaration("edges", .choice(["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"]), "which sides (default all)"),
            ParameterDeclaration("length", .cells(unbounded: false), "cells on each side (default 1)"),
        ]),
        ModifierDeclaration("frame", "a size for the view, fixed or within bounds", shorthand: nil, [
            ParameterDeclaration("width", .cells(unbounded: false), "exactly this wide"),
            ParameterDeclaration("height", .cells(unbounded: false), "exactly this tall"),
            ParameterDeclaration("minWidth", .cells(unbounded: false), "at least this wide"),
            ParameterDeclaration("maxWidth", .cells(unbounded: true), "at most this wide (\"infinity\": all it is offered)"),
            ParameterDeclaration("minHeight", .cells(unbounded: false), "at least this tall"),
            ParameterDeclaration("maxHeight", .cells(unbounded: true), "at most this tall (\"infinity\": all it is offered)"),
            ParameterDeclaration("alignment", .choice(alignments), "where the view sits in the frame (default center)"),
        ]),
        ModifierDeclaration("foregroundColor", "the colour of text and lines", shorthand: "color", [
            ParameterDeclaration("color", .color, required: true, "the colour"),
        ]),
        ModifierDeclaration("background", "a colour behind the view", shorthand: "color", [
            ParameterDeclaration("color", .color, required: true, "the colour"),
        ]),
        ModifierDeclaration("tint", "the colour of controls: a progress bar's fill", shorthand: "color", [
            ParameterDeclaration("color", .color, required: true, "the colour"),
        ]),
        ModifierDeclaration("bold", "bold text", shorthand: "isActive", [ParameterDeclaration("isActive", .bool, "whether it applies (default true)")]),
        ModifierDeclaration("italic", "italic text", shorthand: "isActive", [ParameterDeclaration("isActive", .bool, "whether it applies (default true)")]),
        ModifierDeclaration("underline", "underlined text", shorthand: "isActive", [ParameterDeclaration("isActive", .bool, "whether it applies (default true)")]),
        ModifierDeclaration("border", "a line around the view", shorthand: "color", [
            ParameterDeclaration("color", .color, required: true, "the line's colour"),
            ParameterDeclaration("width", .cells(unbounded: false), "the line's width (default 1)"),
        ]),
    ]

    public static func view(_ name: String) -> ViewDeclaration? { viewsByName[name] }
    public static func modifier(_ name: String) -> ModifierDeclaration? { modifiersByName[name] }

    private static let viewsByName = Dictionary(uniqueKeysWithValues: views.map { ($0.name, $0) })
    private static let modifiersByName = Dictionary(uniqueKeysWithValues: modifiers.map { ($0.name, $0) })
}

extension SceneVocabulary {
    /// The views and modifiers as docs/scene-documents.md lists them (written from here by
    /// `SceneVocabularyTests`, so the page cannot fall behind).
    public static var reference: String {
        func row(_ name: String, _ summary: String, _ parameters: [ParameterDeclaration], _ shorthand: String?) -> String {
            let list = parameters.map { parameter in
                "`\(parameter.name)`" + (parameter.isRequired ? " (required)" : "") + ": \(parameter.type.written)" + (parameter.name == shorthand ? ", or the value alone" : "")
            }
            return "| `\(name)` | \(summary) | \(list.isEmpty ? "—" : list.joined(separator: "; ")) |\n"
        }
        var text = "| view | what it shows | parameters |\n|---|---|---|\n"
        for view in views { text += row(view.name, view.summary, view.parameters, view.shorthand) }
        text += "\n| modifier | what it does | parameters |\n|---|---|---|\n"
        for modifier in modifiers { text += row(modifier.name, modifier.summary, modifier.parameters, modifier.shorthand) }
        return text
    }
}

extension ParameterType {
    /// Its name in the reference.
    var written: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .cells(let unbounded): unbounded ? "cells or \"infinity\"" : "cells"
        case .bool: "bool"
        case .color: "colour"
        case .choice(let names): names.map { "`\($0)`" }.joined(separator: " ")
        case .node: "view"
        case .nodes: "views"
        case .data: "path"
        case .name: "name"
        case .member: "member name"
        case .predicate: "condition"
        }
    }
}
