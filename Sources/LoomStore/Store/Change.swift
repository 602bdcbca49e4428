import LoomJSON
/// What one edit did to the document, as the dependency index and watches need to know it.
enum Change: Sendable, Equatable {
    /// The value at the path was replaced (it existed before and after).
    case replaced(JSONPointer)
    /// A member or element was inserted at the path; in an array, the ones after it moved up.
    case inserted(JSONPointer, inArray: Bool)
    /// A member or element was removed from the path; in an array, the ones after it moved down.
    case removed(JSONPointer, inArray: Bool)

    var pointer: JSONPointer {
        switch self {
        case .replaced(let pointer), .inserted(let pointer, _), .removed(let pointer, _): pointer
        }
    }
}
