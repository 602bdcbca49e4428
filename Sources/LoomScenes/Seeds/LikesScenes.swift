import LoomGraph

/// The seed 001 view model: a list of items with a like each, one `@Published` array.
public final class LikesModel: ObservableObject {
    @Published var items: [LikeItem]

    public init(count: Int = 1_000) {
        items = (0..<count).map { LikeItem(id: $0, name: "item \($0)") }
    }

    func toggleLike(id: Int) {
        items[id].isLiked.toggle()
    }
}

struct LikeItem: Identifiable, Equatable {
    let id: Int
    var name: String
    var isLiked = false
}

/// `seeds/likes-observed` (seed 001's pitfall): every cell holds `@ObservedObject var vm`, so
/// one like re-evaluates every cell on screen (`--highlight-updates` marks them all).
public struct LikesObservedScene: View {
    @ObservedObject var vm: LikesModel

    public init(model: LikesModel = LikesModel()) {
        vm = model
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("seed 001, the pitfall: each cell observes the view model (Tab to a heart, Enter)").bold()
            List(vm.items) { ObservingCell(item: $0, vm: vm) }
        }
    }
}

struct ObservingCell: View {
    let item: LikeItem
    @ObservedObject var vm: LikesModel

    var body: some View {
        HStack {
            Text(item.name)
            Spacer()
            Button(item.isLiked ? "♥ \(item.id)" : "♡ \(item.id)") { vm.toggleLike(id: item.id) }.foregroundColor(item.isLiked ? .red : .gray)
        }
    }
}

/// `seeds/likes` (seed 001's fix): cells get a value and an action and are `Equatable` on the
/// value, so one like re-evaluates one cell.
public struct LikesScene: View {
    @ObservedObject var vm: LikesModel

    public init(model: LikesModel = LikesModel()) {
        vm = model
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("seed 001, the fix: value cells, Equatable on the value (Tab to a heart, Enter)").bold()
            List(vm.items) { item in ValueCell(item: item) { vm.toggleLike(id: item.id) } }
        }
    }
}

struct ValueCell: View, Equatable {
    let item: LikeItem
    let action: () -> Void

    static func == (lhs: ValueCell, rhs: ValueCell) -> Bool { lhs.item == rhs.item }

    var body: some View {
        HStack {
            Text(item.name)
            Spacer()
            Button(item.isLiked ? "♥ \(item.id)" : "♡ \(item.id)", action: action).foregroundColor(item.isLiked ? .red : .gray)
        }
    }
}
