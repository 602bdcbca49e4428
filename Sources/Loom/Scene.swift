/// One scene a daemon serves: a name viewers attach to (`loom attach NAME`) and the root view
/// each of them is shown, SwiftUI's `WindowGroup` for a terminal. The root is made once, when
/// the daemon starts: models it holds are shared by every viewer, and each viewer's `@State`
/// is its own (docs/architecture.md, "Where state lives").
public struct Scene {
    public let name: String
    public let root: any View

    public init<Content: View>(_ name: String, @ViewBuilder content: () -> Content) {
        self.init(name, root: content())
    }

    public init(_ name: String, root: any View) {
        self.name = name
        self.root = root
    }
}
