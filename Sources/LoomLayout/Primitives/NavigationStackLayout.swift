import LoomCells
import LoomGraph

/// `NavigationStack`: shows its top view (the graph keeps only that one visible), as large as it.
struct NavigationStackLayout: PrimitiveLayout {
    func sizeThatFits(_ proposal: ProposedSize, subviews: LayoutSubviews) -> Size {
        ZStackLayout(alignment: .topLeading).sizeThatFits(proposal, subviews: subviews)
    }
}
