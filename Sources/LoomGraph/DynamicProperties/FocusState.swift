/// Where focus is, as a view's state: `@FocusState var isFocused: Bool` with
/// `.focused($isFocused)`, or `@FocusState var field: Field?` with `.focused($field, equals: .name)`.
///
/// Focus itself is a viewer's (each window has its own); a focus state follows it both ways.
/// When the viewer moves focus onto a view marked `focused`, the state becomes that view's
/// value, and when it moves away, the state goes back to `false`/`nil`. Writing the state moves
/// the viewer's focus to the view marked with the value written (a field focused on appear, the
/// next field on submit), or away from it. Reading it in `body` depends on it, as on `@State`.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    private let unfocused: Value
    private var box: FocusBox<Value>?

    public init() where Value == Bool {
        unfocused = false
    }

    public init<T: Hashable>() where Value == T? {
        unfocused = nil
    }

    public var wrappedValue: Value {
        get { box?.get() ?? unfocused }
        nonmutating set { box?.request(newValue) }
    }

    public var projectedValue: Binding {
        Binding(box: box, unfocused: unfocused)
    }

    /// What `.focused(_:equals:)` is given: the state, to read, write, and follow focus into.
    @propertyWrapper
    public struct Binding {
        let box: FocusBox<Value>?
        let unfocused: Value

        public var wrappedValue: Value {
            get { box?.get() ?? unfocused }
            nonmutating set { box?.request(newValue) }
        }

        public var projectedValue: Binding { self }
    }
}

extension FocusState: GraphProperty {
    mutating func install(in node: Node, slot: Int, name: String) {
        let unfocused = unfocused
        let box = node.storage(slot: slot) { FocusBox(unfocused, name: name, graph: node.graph) }
        box.graph = node.graph
        self.box = box
    }
}

extension FocusState: ViewInput {
    /// The value lives in the node, as a `@State`'s does.
    func isSameInput(as other: FocusState<Value>) -> Bool { true }
}

extension FocusState.Binding: ViewInput {
    func isSameInput(as other: FocusState<Value>.Binding) -> Bool { box === other.box }
}

/// The storage of one `@FocusState`: a view-state value (copied into a viewer's own graph
/// like a `@State`) that the graph's viewers' focus follows.
final class FocusBox<Value: Hashable>: DependencySource, CopyableState, AnyFocusBox {
    private(set) var value: Value
    let unfocused: Value
    private let name: String
    /// The graph of the node that installed it last: a copied box moves to its copy's graph.
    unowned(unsafe) var graph: ViewGraph

    init(_ value: Value, name: String, graph: ViewGraph) {
        self.value = value
        self.unfocused = value
        self.name = name
        self.graph = graph
    }

    private init(_ value: Value, unfocused: Value, name: String, graph: ViewGraph) {
        self.value = value
        self.unfocused = unfocused
        self.name = name
        self.graph = graph
    }

    func get() -> Value {
        recordRead()
        return value
    }

    /// The view state a copied graph starts from; installing it in the copy's node moves it
    /// to that graph.
    func copy() -> AnyObject { FocusBox(value, unfocused: unfocused, name: name, graph: graph) }

    /// The program wrote the state: the viewers move their focus to match (next frame).
    func request(_ newValue: Value) {
        guard TrackingContext.current == nil else {
            graph.diagnostics.report(.stateWrittenDuringEvaluation, pass: graph.pass,
                                     "@FocusState \(name) written during an evaluation; the write was ignored")
            return
        }
        follow(newValue)
        graph.requestFocus(FocusRequest(box: self, value: AnyHashable(newValue)))
    }

    /// A viewer's focus moved: the state follows, without asking focus to move again.
    func follow(_ newValue: Value) {
        guard newValue != value else { return }
        value = newValue
        invalidateDependents(cause: .state(name))
    }

    var currentValue: AnyHashable { AnyHashable(value) }
    var unfocusedValue: AnyHashable { AnyHashable(unfocused) }

    func follow(_ newValue: AnyHashable) {
        if let typed = newValue.base as? Value { follow(typed) }
    }
}

/// A focus state of any value type, as the graph and the viewers' focus handle it.
protocol AnyFocusBox: AnyObject {
    var currentValue: AnyHashable { get }
    var unfocusedValue: AnyHashable { get }
    func follow(_ newValue: AnyHashable)
}

/// A program's write of a focus state, for the viewers' focus to follow.
package struct FocusRequest {
    let box: AnyFocusBox
    let value: AnyHashable
}
