import LoomGraph

/// `seeds/collapsable` (seed 003): a collapsable container that stores its evaluated content
/// (approach 1) next to one that stores an escaping closure (approach 2). "Unrelated" skips
/// approach 1's container and re-evaluates approach 2's; neither shows a stale value when opened.
public struct CollapsableScene: View {
    public init() {}

    public var body: some View {
        VStack(alignment: .leading) {
            Text("seed 003: stored content vs stored closure (Tab between buttons, Enter)").bold()
            Text("approach 1: the content, evaluated in init").foregroundColor(.green)
            CollapsableCounter(storesClosure: false)
            Divider().foregroundColor(.gray)
            Text("approach 2: an escaping closure, called in body").foregroundColor(.yellow)
            CollapsableCounter(storesClosure: true)
            Spacer()
        }
    }
}

struct CollapsableCounter: View {
    let storesClosure: Bool
    @State private var value = 0
    @State private var unrelated = 0

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            if storesClosure {
                ClosureCollapsable { Text("Value: \(value)") }
            } else {
                ContentCollapsable { Text("Value: \(value)") }
            }
            HStack {
                Button("Increase") { value += 1 }
                Button("Unrelated \(unrelated)") { unrelated += 1 }
            }
        }
    }
}

/// Approach 1: the content is evaluated once, in `init`, and stored (comparable, skippable).
struct ContentCollapsable<Content: View>: View {
    @State private var collapsed = true
    let content: Content

    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Button(collapsed ? "open" : "close") { collapsed.toggle() }
            if !collapsed { content }
        }
    }
}

/// Approach 2: the closure is stored and called in `body` (closures never compare equal).
struct ClosureCollapsable<Content: View>: View {
    @State private var collapsed = true
    let content: () -> Content

    init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Button(collapsed ? "open" : "close") { collapsed.toggle() }
            if !collapsed { content() }
        }
    }
}
