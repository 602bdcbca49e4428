/// Why a node was evaluated (docs/architecture.md, rule 11): the answer to "why did this re-render?",
/// for tests, `loom trace` and update highlighting — Loom's `Self._printChanges()`.
package enum EvaluationCause: Hashable, Sendable, CustomStringConvertible {
    /// The node is new (first evaluation after it appeared).
    case identity
    /// The parent produced a different value; the stored fields that differ (`@self(==)` when
    /// the view's own `==` said so and no stored field differs).
    case inputs(ChangedFields)
    /// A view without a `body` (a container, a modifier, a leaf) was given a new value by its
    /// parent, which re-evaluated. It is not compared unless someone traces (containers pass
    /// values on and each child compares its own); a trace names the fields that differ.
    case parent
    /// A `@State` (directly or through a `@Binding`) the node read changed.
    case state(String)
    /// An environment value the node read changed.
    case environment(String)
    /// A property of an `@Observable` model the node read changed.
    case observable(String)
    /// An `ObservableObject` the node observes published a change (coarse: any property).
    case objectWillChange(String)
    /// A path of the document store the node read changed.
    case store(String)
    /// A viewer's viewport moved, so a lazy container's visible rows changed.
    case viewport
    /// A navigation stack pushed or popped.
    case navigation
    /// The clock moved what a text that shows a date shows (`Text(_:style:)`).
    case clock
    /// A `GeometryReader` was placed at a size it had not built its content for.
    case geometry

    package var description: String {
        switch self {
        case .identity: "@identity"
        case .inputs(let fields): "@self(\(fields.isEmpty ? "==" : fields.description))"
        case .parent: "@parent"
        case .state(let name): "@state(\(name))"
        case .environment(let key): "@environment(\(key))"
        case .observable(let property): "@observable(\(property))"
        case .objectWillChange(let type): "@objectWillChange(\(type))"
        case .store(let path): "@store(\(path))"
        case .viewport: "@viewport"
        case .navigation: "@navigation"
        case .clock: "@clock"
        case .geometry: "@geometry"
        }
    }
}

/// One evaluation, as reported to `ViewGraph.evaluationObserver`.
package struct Evaluation: Sendable, CustomStringConvertible {
    package let pass: Int
    package let typeName: String
    /// The view type's name without its generic arguments (`HStack`, not the types of all it
    /// holds), as `loom trace` shows it, or the name the view gives itself (`CustomTraceName`).
    package let shortTypeName: String
    package let nodeSerial: Int
    package let causes: [EvaluationCause]

    package var description: String {
        "\(typeName)#\(nodeSerial): \(causes.map(\.description).joined(separator: " "))"
    }
}
