import LoomGraph
import LoomJSON
import LoomSceneDocuments

/// How each view `SceneVocabulary` declares is built from its node: SwiftUI's own view, with
/// the node's arguments read through the reader (tracked) and its children as `DocumentView`s.
enum DocumentViewBuilders {
    typealias Builder = @Sendable (DocumentNode, DocumentView, DocumentReader) -> AnyView

    static func build(_ node: DocumentNode, in view: DocumentView, reader: DocumentReader) -> AnyView {
        // Every declared view has a builder (`DocumentVocabularyTests`); a compiled node names one.
        builders[node.view]?(node, view, reader) ?? AnyView(EmptyView())
    }

    static let builders: [String: Builder] = [
        "VStack": { node, view, reader in
            AnyView(VStack(alignment: horizontal(node.choice("alignment")), spacing: reader.cells(node.value("spacing"))) {
                view.children(node.nodes("content"))
            })
        },
        "HStack": { node, view, reader in
            AnyView(HStack(alignment: vertical(node.choice("alignment")), spacing: reader.cells(node.value("spacing"))) {
                view.children(node.nodes("content"))
            })
        },
        "ZStack": { node, view, _ in
            AnyView(ZStack(alignment: alignment(node.choice("alignment"))) { view.children(node.nodes("content")) })
        },
        "LazyVStack": { node, view, reader in
            AnyView(LazyVStack(alignment: horizontal(node.choice("alignment")), spacing: reader.cells(node.value("spacing"))) {
                view.children(node.nodes("content"))
            })
        },
        "LazyHStack": { node, view, reader in
            AnyView(LazyHStack(alignment: vertical(node.choice("alignment")), spacing: reader.cells(node.value("spacing"))) {
                view.children(node.nodes("content"))
            })
        },
        "Grid": { node, view, reader in
            AnyView(Grid(alignment: alignment(node.choice("alignment")), horizontalSpacing: reader.cells(node.value("horizontalSpacing")),
                         verticalSpacing: reader.cells(node.value("verticalSpacing"))) { view.children(node.nodes("content")) })
        },
        "GridRow": { node, view, _ in
            AnyView(GridRow(alignment: node.choice("alignment").map(vertical)) { view.children(node.nodes("content")) })
        },
        "LazyVGrid": { node, view, reader in
            guard case .objects(let columns)? = node.arguments["columns"] else { return AnyView(EmptyView()) }
            let items = columns.map { column -> GridItem in
                func cells(_ name: String) -> Int? { reader.cells(column[name].flatMap(DocumentNode.value)) }
                let size: GridItem.Size = switch column["size"].flatMap({ if case .choice(let name) = $0 { name } else { nil } }) {
                case "fixed": .fixed(cells("width") ?? cells("minimum") ?? 10)
                case "adaptive": .adaptive(minimum: cells("minimum") ?? 10, maximum: cells("maximum") ?? .infinity)
                default: .flexible(minimum: cells("minimum") ?? 1, maximum: cells("maximum") ?? .infinity)
                }
                let placed = column["alignment"].flatMap { if case .choice(let name) = $0 { alignment(name) } else { nil } }
                return GridItem(size, spacing: cells("spacing"), alignment: placed)
            }
            return AnyView(LazyVGrid(columns: items, alignment: horizontal(node.choice("alignment")), spacing: reader.cells(node.value("spacing"))) {
                view.children(node.nodes("content"))
            })
        },
        "TextField": { node, view, reader in textField(node, view, reader, secure: false) },
        "SecureField": { node, view, reader in textField(node, view, reader, secure: true) },
        "Form": { node, view, _ in AnyView(Form { view.children(node.nodes("content")) }) },
        "Image": { node, _, reader in AnyView(Image(systemName: reader.string(node.text("systemName"), missing: "") ?? "")) },
        "ContentUnavailableView": { node, view, reader in
            let title = reader.string(node.text("title"), missing: view.context.missing) ?? ""
            let description = reader.string(node.text("description"), missing: view.context.missing).map { Text(verbatim: $0) }
            return AnyView(ContentUnavailableView(title, systemImage: reader.string(node.text("systemImage"), missing: "") ?? "", description: description))
        },
        "Stepper": { node, view, reader in
            let label = reader.string(node.text("label"), missing: view.context.missing) ?? ""
            guard case .binding(let path)? = node.arguments["value"] else { return AnyView(EmptyView()) }
            let value = reader.read(path)?.doubleValue ?? 0
            let bounds: ClosedRange<Double> = if case .range(let range)? = node.arguments["in"] { range } else { -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude }
            let step = reader.number(node.value("step")) ?? 1
            // A whole number stays one in the store (`3`, not `3.0`), as a feeder would write it.
            let write: (Double) -> Void = { new in
                DocumentActions.write(new == new.rounded() && abs(new) < 9e15 ? .int(Int64(new)) : .double(new), to: path, reader: reader)
            }
            return AnyView(Stepper(label, value: Binding(get: { value }, set: write), in: bounds, step: step))
        },
        "Flow": { node, view, reader in
            AnyView(Flow(alignment: node.choice("alignment").map(vertical) ?? .top, spacing: reader.cells(node.value("spacing")),
                         lineSpacing: reader.cells(node.value("lineSpacing")) ?? 0, lineLimit: reader.cells(node.value("lineLimit"))) {
                view.children(node.nodes("content"))
            })
        },
        "Group": { node, view, _ in AnyView(Group { view.children(node.nodes("content")) }) },
        "List": { node, view, _ in AnyView(List { view.children(node.nodes("content")) }) },
        "ScrollView": { node, view, reader in
            let axes: Axis.Set = switch node.choice("axes") {
            case "horizontal": .horizontal
            case "both": [.horizontal, .vertical]
            default: .vertical
            }
            return AnyView(ScrollView(axes, showsIndicators: reader.bool(node.value("showsIndicators")) ?? true) {
                view.children(node.nodes("content"))
            })
        },
        "Section": { node, view, reader in
            guard let header = reader.string(node.text("header"), missing: view.context.missing) else {
                return AnyView(Section { view.children(node.nodes("content")) })
            }
            return AnyView(Section(header) { view.children(node.nodes("content")) })
        },
        "Text": { node, view, reader in
            guard let text = node.text("text") else { return AnyView(EmptyView()) }
            return AnyView(TemplateText(reader: reader, missing: view.context.missing).text(text))
        },
        "Spacer": { node, _, reader in AnyView(Spacer(minLength: reader.cells(node.value("minLength")))) },
        "Divider": { _, _, _ in AnyView(Divider()) },
        "ProgressView": { node, view, reader in
            let label = reader.string(node.text("label"), missing: view.context.missing)
            let total = reader.number(node.value("total")) ?? 1
            guard let value = reader.number(node.value("value")) else {
                return label.map { AnyView(ProgressView($0)) } ?? AnyView(ProgressView())
            }
            return label.map { AnyView(ProgressView($0, value: value, total: total)) } ?? AnyView(ProgressView(value: value, total: total))
        },
        "Label": { node, view, reader in
            let title = reader.string(node.text("title"), missing: view.context.missing) ?? ""
            return AnyView(Label(title, systemImage: reader.string(node.text("systemImage"), missing: "") ?? ""))
        },
        "Button": { node, view, reader in
            let label = reader.string(node.text("label"), missing: view.context.missing) ?? ""
            let role: ButtonRole? = switch node.choice("role") {
            case "destructive": .destructive
            case "cancel": .cancel
            default: nil
            }
            guard case .action(let steps, let confirm)? = node.arguments["action"] else { return AnyView(Button(label, role: role) {}) }
            guard let confirm else { return AnyView(Button(label, role: role) { DocumentActions.apply(steps, reader: reader) }) }
            return AnyView(ConfirmingButton(label: label, role: role, question: reader.string(confirm, missing: view.context.missing) ?? "") {
                DocumentActions.apply(steps, reader: reader)
            })
        },
        "Toggle": { node, view, reader in
            let label = reader.string(node.text("label"), missing: view.context.missing) ?? ""
            guard case .binding(let path)? = node.arguments["isOn"] else { return AnyView(EmptyView()) }
            // Read here, in the view's body, so the view depends on it; written when toggled.
            let isOn = reader.read(path)?.boolValue ?? false
            return AnyView(Toggle(label, isOn: Binding(get: { isOn }, set: { DocumentActions.write(.bool($0), to: path, reader: reader) })))
        },
        "Picker": { node, view, reader in
            let label = reader.string(node.text("label"), missing: view.context.missing) ?? ""
            guard case .binding(let path)? = node.arguments["selection"] else { return AnyView(EmptyView()) }
            let selection = reader.read(path) ?? .null
            return AnyView(Picker(label, selection: Binding(get: { selection }, set: { DocumentActions.write($0, to: path, reader: reader) })) {
                view.children(node.nodes("content"))
            })
        },
        "NavigationStack": { node, view, _ in AnyView(NavigationStack { view.children(node.nodes("content")) }) },
        "NavigationLink": { node, view, _ in
            guard let label = node.node("label"), let destination = node.node("destination") else { return AnyView(EmptyView()) }
            return AnyView(NavigationLink(destination: DocumentView(node: destination, scope: view.scope, context: view.context)) {
                DocumentView(node: label, scope: view.scope, context: view.context)
            })
        },
        "TabView": { node, view, _ in AnyView(TabView { view.children(node.nodes("content")) }) },
        "Table": { node, view, reader in
            guard case .repetition(let repetition)? = node.arguments[Repetition.argument],
                  case .objects(let columns)? = node.arguments["columns"] else { return AnyView(EmptyView()) }
            let read = DocumentRows.read(repetition, reader: reader)
            let rows = read.members
            let scope = view.scope, context = view.context
            let table = Table(rows) {
                for column in columns {
                    let header = reader.string(column["header"].flatMap(DocumentNode.text), missing: context.missing) ?? ""
                    let cell = column["cell"].flatMap(DocumentNode.node)
                    let width = reader.cells(column["width"].flatMap(DocumentNode.value))
                    let minimum = reader.cells(column["minWidth"].flatMap(DocumentNode.value))
                    let maximum = reader.cells(column["maxWidth"].flatMap(DocumentNode.value))
                    let made = TableColumn<DocumentScope.Member>(header) { row in
                        if let cell { DocumentView(node: cell, scope: scope.appending(row), context: context) }
                    }
                    if let width { made.width(width) } else { made.width(min: minimum, max: maximum) }
                }
            }
            guard let total = read.unsorted else { return AnyView(table) }
            return AnyView(VStack(alignment: .leading, spacing: 0) { table; DocumentRows.unsortedNote(total) })
        },
        "Gauge": { node, view, reader in
            let value = reader.number(node.value("value")) ?? 0
            let range: ClosedRange<Double> = if case .range(let range)? = node.arguments["in"] { range } else { 0...1 }
            let label = reader.string(node.text("label"), missing: view.context.missing)
            let current = node.text("currentValueLabel").map { TemplateText(reader: reader, missing: view.context.missing).text($0) }
            return AnyView(Gauge(value: value, in: range) {
                if let label { Text(verbatim: label) }
            } currentValueLabel: {
                if let current { current }
            })
        },
        "Sparkline": { node, _, reader in
            guard case .path(let path)? = node.arguments["values"] else { return AnyView(EmptyView()) }
            let range: ClosedRange<Double>? = if case .range(let range)? = node.arguments["in"] { range } else { nil }
            guard case .array(let elements)? = reader.read(path) else { return AnyView(Sparkline([Double](), in: range)) }
            // What is not a number is a gap in the line.
            return AnyView(Sparkline(elements.suffix(Sparkline.maximumValues).map { $0.doubleValue ?? .nan }, in: range))
        },
        "LogView": { node, view, reader in
            guard case .repetition(let repetition)? = node.arguments[Repetition.argument], let line = node.node("line") else { return AnyView(EmptyView()) }
            typealias Log = LogView<[DocumentScope.Member], String, EmptyView>
            let tail = min(reader.cells(node.value("tail")) ?? Log.defaultTail, Log.maximumTail)
            let rows = DocumentRows.read(repetition, reader: reader, tail: tail).members
            return AnyView(LogView(rows, id: \.key, tail: tail) { row in
                DocumentView(node: line, scope: view.scope.appending(row), context: view.context)
            })
        },
        "ForEach": { node, view, reader in
            guard case .repetition(let repetition)? = node.arguments[Repetition.argument] else { return AnyView(EmptyView()) }
            let read = DocumentRows.read(repetition, reader: reader)
            let rows = read.members
            let content = node.nodes("content")
            let built = repetition.isLazy ? rows[...] : rows.prefix(Repetition.maximumEagerRows)
            let repeated = ForEach(built, id: \.key) { row in view.children(content, scope: view.scope.appending(row)) }
            guard built.count < rows.count || read.unsorted != nil else { return AnyView(repeated) }
            return AnyView(Group {
                repeated
                if built.count < rows.count {
                    Text(verbatim: "… and \(rows.count - built.count) more (a ForEach in a List or LazyVStack shows them all)").foregroundColor(.gray)
                }
                if let total = read.unsorted { DocumentRows.unsortedNote(total) }
            })
        },
    ]

    /// A text or secure field: the viewer's own draft, the store's value written with Enter.
    private static func textField(_ node: DocumentNode, _ view: DocumentView, _ reader: DocumentReader, secure: Bool) -> AnyView {
        guard case .binding(let path)? = node.arguments["text"] else { return AnyView(EmptyView()) }
        let stored = reader.read(path).map(TemplateText.text) ?? ""
        return AnyView(DocumentTextField(label: reader.string(node.text("label"), missing: view.context.missing) ?? "",
                                         prompt: reader.string(node.text("prompt"), missing: ""), stored: stored, secure: secure) { text in
            DocumentActions.write(.string(text), to: path, reader: reader)
        })
    }

    static func horizontal(_ name: String?) -> HorizontalAlignment {
        switch name {
        case "leading": .leading
        case "trailing": .trailing
        default: .center
        }
    }

    static func vertical(_ name: String?) -> VerticalAlignment {
        switch name {
        case "top": .top
        case "bottom": .bottom
        default: .center
        }
    }

    /// The point an alignment's name names (`"bottom"`: the middle of the bottom edge).
    static func unitPoint(_ name: String?) -> UnitPoint {
        let alignment = alignment(name)
        let x: Double = switch alignment.horizontal {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
        let y: Double = switch alignment.vertical {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
        return UnitPoint(x: x, y: y)
    }

    static func alignment(_ name: String?) -> Alignment {
        switch name {
        case "leading": .leading
        case "trailing": .trailing
        case "top": .top
        case "bottom": .bottom
        case "topLeading": .topLeading
        case "topTrailing": .topTrailing
        case "bottomLeading": .bottomLeading
        case "bottomTrailing": .bottomTrailing
        default: .center
        }
    }
}
