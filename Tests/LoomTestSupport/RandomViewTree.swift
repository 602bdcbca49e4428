import LoomCells
import LoomGraph
import LoomLayout

/// Random view trees for the layout property test and the layout fuzz target: every primitive,
/// container and modifier Loom has, nested up to past the layout's depth limit, with the
/// numbers that break arithmetic (0, 1, huge, `.max`, negative) among the ordinary ones.
///
/// The tree's shape is a function of the generator alone, so a seed (or a fuzz input) names
/// one tree.
public struct RandomViewTree<Generator: RandomNumberGenerator> {
    public var generator: Generator
    /// Nodes left to make: bounds a tree's size, whatever its depth.
    private var budget: Int

    public init(generator: Generator, nodes: Int = 60) {
        self.generator = generator
        self.budget = nodes
    }

    /// A tree at most `depth` levels deep (a chain of modifiers can reach it; wide containers
    /// stop sooner, so a tree stays small).
    package mutating func view(depth: Int = LayoutEngine.maximumDepth + 8) -> AnyView {
        budget -= 1
        guard depth > 0, budget > 0 else { return leaf() }
        switch pick(20) {
        case 0...4: return leaf()
        case 5...12: return modified(view(depth: depth - 1))
        default: return container(depth: depth - 1)
        }
    }

    // MARK: - Numbers

    private mutating func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &generator) }

    /// A size, inset or spacing: mostly small, sometimes what breaks arithmetic.
    public mutating func length() -> Int {
        switch pick(12) {
        case 0: return 0
        case 1: return 1
        case 2: return ProposedSize.infinity
        case 3: return Int.max - 1
        case 4: return -Int.random(in: 1...5, using: &generator)
        case 5: return Int.min
        case 6: return 1 << Int.random(in: 12...62, using: &generator)
        default: return Int.random(in: 0...12, using: &generator)
        }
    }

    private mutating func optionalLength() -> Int? { pick(3) == 0 ? nil : length() }

    private mutating func color() -> Color { [Color.red, .green, .blue, .palette(200), .rgb(1, 2, 3)][pick(5)] }

    private mutating func alignment() -> Alignment {
        Alignment(horizontal: [.leading, .center, .trailing][pick(3)], vertical: [.top, .center, .bottom][pick(3)])
    }

    // MARK: - Views

    private static var texts: [String] {
        ["", "a", "hello world", "日本語のテキスト", "e\u{301}\u{301}", "👨‍👩‍👧 family", "line one\nline two\n\nfour", String(repeating: "wrap ", count: 30)]
    }

    private mutating func leaf() -> AnyView {
        switch pick(7) {
        case 0, 1: return AnyView(Text(Self.texts[pick(Self.texts.count)]))
        case 2: return AnyView(Spacer(minLength: optionalLength()))
        case 3: return AnyView(Divider())
        case 4: return AnyView(color())
        case 5: return AnyView(Toggle("toggle", isOn: .constant(pick(2) == 0)))
        default: return AnyView(EmptyView())
        }
    }

    private mutating func children(depth: Int) -> [AnyView] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in view(depth: depth) }
    }

    private mutating func container(depth: Int) -> AnyView {
        let children = children(depth: depth)
        let content = ForEach(children.indices, id: \.self) { children[$0] }
        switch pick(16) {
        case 0: return AnyView(VStack(alignment: [.leading, .center, .trailing][pick(3)], spacing: optionalLength()) { content })
        case 1: return AnyView(HStack(alignment: [.top, .center, .bottom][pick(3)], spacing: optionalLength()) { content })
        case 2: return AnyView(ZStack(alignment: alignment()) { content })
        case 3: return AnyView(LazyVStack(spacing: optionalLength()) { content })
        case 4: return AnyView(LazyHStack(spacing: optionalLength()) { content })
        case 5: return AnyView(List { content })
        case 6: return AnyView(List(0..<[0, 1, 3, 1_000_000][pick(4)], id: \.self) { Text("row \($0)") })
        case 7: return AnyView(ScrollView([.vertical, .horizontal, [.vertical, .horizontal]][pick(3)]) { content })
        case 8: return AnyView(Button(action: {}) { content })
        case 9: return AnyView(NavigationStack { NavigationLink(destination: Text("destination")) { content } })
        case 10:
            let selection = pick(3)
            return AnyView(Picker(selection: .constant(selection)) {
                ForEach(0..<3, id: \.self) { Text("option \($0)").tag($0) }
            } label: { content })
        case 11: return AnyView(Group { content })
        case 12:
            return AnyView(Grid(alignment: alignment(), horizontalSpacing: optionalLength(), verticalSpacing: optionalLength()) {
                GridRow { content }
                Divider()
                GridRow { Text("cell"); ProgressView(value: Double(pick(5)) / 4) }
            })
        case 13: return AnyView(TabView { content.tabItem { Text("a") }; Text("b").tabItem { Label("b", systemImage: "star") } })
        case 14: return AnyView(Form { Section { content } header: { Text("header") } footer: { Stepper("n", onIncrement: {}, onDecrement: {}) } })
        default: return AnyView(VStack { content }.overlay(alignment: alignment()) { children.first ?? AnyView(Text("over")) })
        }
    }

    private mutating func modified(_ content: AnyView) -> AnyView {
        switch pick(16) {
        case 0: return AnyView(content.padding(length()))
        case 1: return AnyView(content.padding(EdgeInsets(top: length(), leading: length(), bottom: length(), trailing: length())))
        case 2: return AnyView(content.border(color()))
        case 3: return AnyView(content.frame(width: optionalLength(), height: optionalLength(), alignment: alignment()))
        case 4:
            return AnyView(content.frame(minWidth: optionalLength(), idealWidth: optionalLength(), maxWidth: optionalLength(),
                                         minHeight: optionalLength(), idealHeight: optionalLength(), maxHeight: optionalLength(),
                                         alignment: alignment()))
        case 5: return AnyView(content.fixedSize(horizontal: pick(2) == 0, vertical: pick(2) == 0))
        case 6: return AnyView(content.foregroundColor(color()))
        case 7: return AnyView(content.background(color()))
        case 8: return AnyView(content.bold())
        case 9: return AnyView(Text("text").lineLimit(optionalLength()))
        case 10: return AnyView(Text(Self.texts[pick(Self.texts.count)]).truncationMode([.head, .middle, .tail][pick(3)]).lineLimit(1))
        case 11: return AnyView(Text("a\nbb\nccc").multilineTextAlignment([.leading, .center, .trailing][pick(3)]))
        case 12: return AnyView(content.listRowSeparator([.hidden, .visible, .automatic][pick(3)]))
        case 13: return AnyView(content.overlay(alignment: alignment()) { Text("x") })
        case 14: return AnyView(content.id(pick(3)))
        default: return AnyView(content.underline())
        }
    }
}
