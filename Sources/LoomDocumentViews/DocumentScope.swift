import LoomJSON

/// The members of the `ForEach`es around a node, outermost first: what its relative paths,
/// `$key` and `$name/…` read. A row of a million-member list holds one pointer per enclosing
/// repetition, nothing more.
public struct DocumentScope: Sendable, Hashable {
    struct Member: Sendable, Hashable, Identifiable {
        var id: String { key }
        /// Where the member is in the store.
        let pointer: JSONPointer
        /// What `$key` reads: the member's name, or an element's `id` member or index.
        let key: String
    }

    var members: [Member] = []

    /// Outside every repetition.
    public static let root = DocumentScope()

    func appending(_ member: Member) -> DocumentScope {
        var scope = self
        scope.members.append(member)
        return scope
    }
}
