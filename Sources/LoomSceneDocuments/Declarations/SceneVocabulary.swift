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
        ViewDeclaration("LazyHStack", "a row that builds only the columns in view (inside a horizontal ScrollView)", builds: .visibleRows, [
            ParameterDeclaration("alignment", .choice(vertical), "where shorter children sit (default center)"), spacing, content,
        ]),
        ViewDeclaration("Grid", "rows of cells whose columns line up; each row a GridRow", [
            ParameterDeclaration("alignment", .choice(alignments), "where cells sit (default center)"),
            ParameterDeclaration("horizontalSpacing", .cells(unbounded: false), "cells between columns"),
            ParameterDeclaration("verticalSpacing", .cells(unbounded: false), "rows between rows"),
            content,
        ]),
        ViewDeclaration("GridRow", "one row of a Grid: each child a cell", builds: .asItsContainer, [
            ParameterDeclaration("alignment", .choice(vertical), "where cells sit in the row"), content,
        ]),
        ViewDeclaration("LazyVGrid", "items in rows of the given columns, built only where in view (inside a ScrollView)", builds: .visibleRows, [
            ParameterDeclaration("columns", .objects(gridItem), required: true, "the columns ([{\"size\": \"adaptive\", \"minimum\": 12}])"),
            ParameterDeclaration("alignment", .choice(horizontal), "where the grid sits (default center)"), spacing, content,
        ]),
        ViewDeclaration("TextField", "text a viewer edits as its own and writes to a store path with Enter", [
            ParameterDeclaration("label", .text, required: true, "what it is for"),
            ParameterDeclaration("text", .binding, required: true, "where the text is read and, on Enter, written"),
            ParameterDeclaration("prompt", .text, "shown while it is empty"),
        ]),
        ViewDeclaration("SecureField", "a TextField whose text shows as dots", [
            ParameterDeclaration("label", .text, required: true, "what it is for"),
            ParameterDeclaration("text", .binding, required: true, "where the text is read and, on Enter, written"),
            ParameterDeclaration("prompt", .text, "shown while it is empty"),
        ]),
        ViewDeclaration("Form", "rows of controls and sections, as a settings screen", builds: .visibleRows, [content]),
        ViewDeclaration("Image", "a symbol, by its SF Symbols name, drawn as the nearest terminal glyph", shorthand: "systemName", [
            ParameterDeclaration("systemName", .text, required: true, "the symbol's name (\"checkmark.circle\")"),
        ]),
        ViewDeclaration("ContentUnavailableView", "what shows where content is missing: a symbol, a title, a description", [
            ParameterDeclaration("title", .text, required: true, "what is missing"),
            ParameterDeclaration("systemImage", .text, "a symbol's name"),
            ParameterDeclaration("description", .text, "what to do about it"),
        ]),
        ViewDeclaration("Stepper", "a number a viewer steps up (+) and down (−), written to a store path", [
            ParameterDeclaration("label", .text, required: true, "what it counts"),
            ParameterDeclaration("value", .binding, required: true, "where the number is read and written"),
            ParameterDeclaration("in", .range, "the bounds (default: none)"),
            ParameterDeclaration("step", .number, "how much one step changes it (default 1)"),
        ]),
        ViewDeclaration("Flow", "children leading to trailing, a new line where the next does not fit (badges); Loom's own", [
            ParameterDeclaration("alignment", .choice(vertical), "where shorter children sit on a line (default top)"), spacing,
            ParameterDeclaration("lineSpacing", .cells(unbounded: false), "rows between lines (default 0)"),
            ParameterDeclaration("lineLimit", .cells(unbounded: false), "at most this many lines; the last ends with +N more"),
            content,
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
        ViewDeclaration("Label", "a title with an icon before it", shorthand: "title", [
            ParameterDeclaration("title", .text, required: true, "the title"),
            ParameterDeclaration("systemImage", .text, "the icon's SF Symbols name, drawn as the nearest terminal glyph"),
        ]),
        ViewDeclaration("Button", "a control that applies a patch to the store when pressed (Enter, Space, a click)", [
            ParameterDeclaration("label", .text, required: true, "what it says"),
            ParameterDeclaration("role", .choice(["destructive", "cancel"]), "how it is drawn"),
            ParameterDeclaration("action", .action, required: true, "the patch it applies: {\"patch\": [{\"op\": \"replace\", \"path\": \"status\", \"value\": \"queued\"}]}"),
        ]),
        ViewDeclaration("Toggle", "a switch that writes true or false to a store path", [
            ParameterDeclaration("label", .text, required: true, "what it switches"),
            ParameterDeclaration("isOn", .binding, required: true, "where the value is read and written"),
        ]),
        ViewDeclaration("Picker", "a choice among its content's tagged views, written to a store path", [
            ParameterDeclaration("label", .text, required: true, "what it chooses"),
            ParameterDeclaration("selection", .binding, required: true, "where the chosen tag is read and written"),
            ParameterDeclaration("content", .nodes, required: true, "the options, each with a tag modifier"),
        ]),
        ViewDeclaration("NavigationStack", "a stack of screens its links push (Escape goes back), each viewer's own", [content]),
        ViewDeclaration("NavigationLink", "a row that opens its destination in the navigation stack around it", [
            ParameterDeclaration("label", .node, required: true, "the row"),
            ParameterDeclaration("destination", .node, required: true, "the screen it opens; relative paths read the same member as the row"),
        ]),
        ViewDeclaration("TabView", "its content one at a time, chosen from a bar of their tabItem labels (each viewer's own)", [content]),
        ViewDeclaration("Table", "rows of a store object or array in columns under a header, lazy however many rows",
                        repetition: RepetitionDeclaration(parameter: "rows", repeated: "columns"), builds: .visibleRows, [
            ParameterDeclaration("rows", .rows, required: true, "{\"data\": path, \"as\": name, \"id\": member, \"sort\": …, \"filter\": …}: the rows, as a ForEach takes them"),
            ParameterDeclaration("columns", .objects(tableColumn), required: true, "the columns, in order"),
        ]),
        ViewDeclaration("Gauge", "a value within a range: its label, a bar filled to where the value sits, its current value", [
            ParameterDeclaration("value", .number, required: true, "the value"),
            ParameterDeclaration("in", .range, "the range (default [0, 1])"),
            ParameterDeclaration("label", .text, "what it measures"),
            ParameterDeclaration("currentValueLabel", .text, "the value as text, after the bar (\"{load|decimals:2}\")"),
        ]),
        ViewDeclaration("Sparkline", "an array of numbers as one row of ▁▂▃▄▅▆▇█, newest at the right", shorthand: "values", [
            ParameterDeclaration("values", .path, required: true, "the array of numbers (the newest last)"),
            ParameterDeclaration("in", .range, "the range drawn (default: from the least to the greatest)"),
        ]),
        ViewDeclaration("LogView", "the last lines of a store array (or object), oldest first, the newest kept in view",
                        repetition: RepetitionDeclaration(parameter: nil, repeated: "line"), builds: .asItsContainer, [
            ParameterDeclaration("data", .data, required: true, "the array (or object) whose last members are shown"),
            ParameterDeclaration("as", .name, "a name for the member"),
            ParameterDeclaration("id", .member, "an array's elements are keyed by this member (default: their index)"),
            ParameterDeclaration("tail", .cells(unbounded: false), "how many of the last members (default 100, at most 1,000)"),
            ParameterDeclaration("line", .node, required: true, "the view of one member; relative paths read the member, $value is it"),
        ]),
        ViewDeclaration("ForEach", "its content once per member of a store object or array",
                        repetition: RepetitionDeclaration(parameter: nil, repeated: "content"), builds: .asItsContainer, [
            ParameterDeclaration("data", .data, required: true, "the object or array whose members are repeated"),
            ParameterDeclaration("as", .name, "a name for the member, to reach it from nested rows (\"$job/name\")"),
            ParameterDeclaration("id", .member, "an array's elements are keyed by this member (default: their index)"),
            ParameterDeclaration("sort", .sort, "the rows' order: keys compared in turn ([{\"by\": \"status\", \"order\": [\"failed\", \"ok\"]}, {\"by\": \"name\"}])"),
            ParameterDeclaration("filter", .predicate, "only the members for which this holds (its paths read the member)"),
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
        ModifierDeclaration("tag", "the value a Picker writes when this option is chosen, or a TabView's tab", shorthand: "value", [
            ParameterDeclaration("value", .json, required: true, "any JSON value"),
        ]),
        ModifierDeclaration("tabItem", "this view's label in the TabView around it", shorthand: "label", [
            ParameterDeclaration("label", .text, required: true, "the tab's label"),
        ]),
        ModifierDeclaration("navigationTitle", "the title of the screen in a NavigationStack", shorthand: "title", [
            ParameterDeclaration("title", .text, required: true, "the title"),
        ]),
        ModifierDeclaration("disabled", "controls inside do nothing", shorthand: "isDisabled", [
            ParameterDeclaration("isDisabled", .bool, required: true, "whether they are disabled"),
        ]),
        ModifierDeclaration("stale", "other modifiers once a moment the store holds is older than a duration (a feeder that died)", shorthand: nil, [
            ParameterDeclaration("bind", .path, required: true, "the moment: Unix seconds or RFC 3339 text (missing counts as stale)"),
            ParameterDeclaration("after", .duration, required: true, "how old it may be before it is stale"),
            ParameterDeclaration("then", .modifiers, required: true, "the modifiers a stale view gets ([{\"foregroundColor\": \"gray\"}])"),
        ]),
        ModifierDeclaration("strikethrough", "struck-through text", shorthand: "isActive", [ParameterDeclaration("isActive", .bool, "whether it applies (default true)")]),
        ModifierDeclaration("lineLimit", "at most this many lines for the text inside; the last ends with … when cut", shorthand: "limit", [
            ParameterDeclaration("limit", .cells(unbounded: false), required: true, "the lines"),
        ]),
        ModifierDeclaration("truncationMode", "where text cut by lineLimit loses its characters", shorthand: "mode", [
            ParameterDeclaration("mode", .choice(["tail", "head", "middle"]), required: true, "the end that goes (default tail)"),
        ]),
        ModifierDeclaration("multilineTextAlignment", "how the lines of a wrapped text line up", shorthand: "alignment", [
            ParameterDeclaration("alignment", .choice(horizontal), required: true, "leading, center or trailing"),
        ]),
        ModifierDeclaration("fixedSize", "the view takes its ideal size, whatever it is offered", shorthand: "isActive", [
            ParameterDeclaration("isActive", .bool, "on both axes (default true)"),
            ParameterDeclaration("horizontal", .bool, "on the horizontal axis"),
            ParameterDeclaration("vertical", .bool, "on the vertical axis"),
        ]),
        ModifierDeclaration("listRowSeparator", "shows or hides the lines a List draws around this row", shorthand: "visibility", [
            ParameterDeclaration("visibility", .choice(["automatic", "visible", "hidden"]), required: true, "whether they show"),
        ]),
        ModifierDeclaration("font", "a text style's attributes: titles and headlines bold, footnotes and captions dim", shorthand: "font", [
            ParameterDeclaration("font", .choice(["largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout", "footnote", "caption", "caption2"]),
                                 required: true, "the text style"),
        ]),
        ModifierDeclaration("fontWeight", "heavier than regular is bold, lighter is dim (a terminal's weights)", shorthand: "weight", [
            ParameterDeclaration("weight", .choice(["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]), required: true, "the weight"),
        ]),
        ModifierDeclaration("hidden", "keeps the view's place but draws nothing", shorthand: "isHidden", [
            ParameterDeclaration("isHidden", .bool, "whether it is hidden (default true)"),
        ]),
        ModifierDeclaration("opacity", "how much of the view shows: under 0.5 dim, 0 nothing", shorthand: "opacity", [
            ParameterDeclaration("opacity", .number, required: true, "0…1"),
        ]),
        ModifierDeclaration("overlay", "a view drawn over this one, within its frame", shorthand: nil, [
            ParameterDeclaration("content", .node, required: true, "the view on top; it reads the same member as this one"),
            ParameterDeclaration("alignment", .choice(alignments), "where it sits (default center)"),
        ]),
        ModifierDeclaration("keyboardShortcut", "a key that presses this button wherever the focus is", shorthand: "key", [
            ParameterDeclaration("key", .text, required: true, "one character"),
        ]),
        ModifierDeclaration("defaultScrollAnchor", "where the ScrollViews and Lists inside rest until a viewer scrolls them (\"bottom\": following their end)",
                            shorthand: "anchor", [
            ParameterDeclaration("anchor", .choice(alignments), required: true, "the point of the content kept in view"),
        ]),
        ModifierDeclaration("safeAreaInset", "a view along one edge of this one, which keeps the rest: a status line at the bottom", shorthand: nil, [
            ParameterDeclaration("edge", .choice(["top", "bottom", "leading", "trailing"]), required: true, "the edge"),
            ParameterDeclaration("content", .node, required: true, "the view along it; it reads the same member as this one"),
            ParameterDeclaration("alignment", .choice(["leading", "center", "trailing", "top", "bottom"]),
                                 "where it sits along the edge (default center)"),
            ParameterDeclaration("spacing", .cells(unbounded: false), "cells between it and this view (default none)"),
        ]),
        ModifierDeclaration("border", "a line around the view", shorthand: "color", [
            ParameterDeclaration("color", .color, required: true, "the line's colour"),
            ParameterDeclaration("width", .cells(unbounded: false), "the line's width (default 1)"),
        ]),
    ]

    static let gridItem = [
        ParameterDeclaration("size", .choice(["flexible", "fixed", "adaptive"]), "how the column is sized (default flexible)"),
        ParameterDeclaration("width", .cells(unbounded: false), "a fixed column's width"),
        ParameterDeclaration("minimum", .cells(unbounded: false), "a flexible or adaptive column's least width"),
        ParameterDeclaration("maximum", .cells(unbounded: true), "its greatest width"),
        ParameterDeclaration("spacing", .cells(unbounded: false), "cells before the next column"),
        ParameterDeclaration("alignment", .choice(alignments), "where items sit in the column"),
    ]

    static let tableColumn = [
        ParameterDeclaration("header", .text, required: true, "the column's title"),
        ParameterDeclaration("cell", .node, required: true, "the view of one row in this column; relative paths read the row's member"),
        ParameterDeclaration("width", .cells(unbounded: false), "exactly this wide"),
        ParameterDeclaration("minWidth", .cells(unbounded: false), "at least this wide (with no width: flexible)"),
        ParameterDeclaration("maxWidth", .cells(unbounded: true), "at most this wide"),
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
        case .rows: "{\"data\": path, \"as\": name, \"id\": member, \"sort\", \"filter\"}"
        case .sort: "sort keys"
        case .binding: "{\"bind\": path}"
        case .action: "{\"patch\": [operations]}"
        case .json: "any JSON"
        case .path: "path"
        case .duration: "duration"
        case .modifiers: "modifiers"
        case .range: "[lower, upper]"
        case .objects(let declarations): "objects of " + declarations.map { "`\($0.name)`" + ($0.isRequired ? " (required)" : "") + " (\($0.type.written))" }.joined(separator: ", ")
        }
    }
}
