/// A view that says which one it is in `loom trace`, `ViewHost.evaluations` and the daemon's
/// evaluation stream, where a view is otherwise named by its type: views that are all of one
/// type but stand for different things (a scene document's nodes, each one `DocumentView`) name
/// themselves so a person can place them. Read only while someone observes evaluations.
public protocol CustomTraceName {
    var traceName: String { get }
}
