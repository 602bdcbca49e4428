import LoomGraph

/// `seeds/stores` (seed 000): the same 1,000 stores in an eager `VStack` and in a lazy `List`,
/// each row a `NavigationLink`. The eager column initialises and evaluates every row (and
/// every destination) at once; the lazy column only the rows on screen, and its destinations
/// (wrapped in `NavigationLazyView`) only when pushed. `loom stats` and `loom trace` show the counts.
public struct StoresScene: View {
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 0) {
                Text("seed 000: eager VStack vs lazy List, 1,000 stores (loom trace seeds/stores)").bold()
                HStack(alignment: .top) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text("VStack: every row and destination built").foregroundColor(.yellow)
                        ScrollView { VStack(alignment: .leading, spacing: 0) { ForEach(0..<1_000, id: \.self) { index in
                            NavigationLink(destination: StoreInfo(index: index)) { StoreRow(index: index) }
                        } } }
                    }
                    VStack(alignment: .leading, spacing: 0) {
                        Text("List + NavigationLazyView: visible rows only").foregroundColor(.green)
                        List(0..<1_000, id: \.self) { index in
                            NavigationLink(destination: NavigationLazyView(StoreInfo(index: index))) { StoreRow(index: index) }
                        }
                    }
                }
            }
        }
    }
}

/// The seed's `NavigationLazyView`: the destination is an autoclosure, called in `body`, so
/// it is not even initialised until the link is pushed.
public struct NavigationLazyView<Content: View>: View {
    let build: () -> Content

    public init(_ build: @autoclosure @escaping () -> Content) {
        self.build = build
    }

    public var body: Content { build() }
}

struct StoreRow: View {
    let index: Int
    var body: some View { Text("store \(index)") }
}

struct StoreInfo: View {
    let index: Int
    var body: some View {
        VStack(alignment: .leading) {
            Text("store \(index)").bold()
            Text("built when pushed (lazy column) or with the list (eager column)").foregroundColor(.gray)
            Text("Escape: back").foregroundColor(.gray)
            Spacer()
        }
    }
}
