/// Several views one after the other: what a `@ViewBuilder` block of more than one statement
/// makes (`TupleView<(Text, Button<Text>)>`), as in SwiftUI. Each element of `value` that is a
/// view is a child, in order; an element that is not a view shows nothing.
///
/// Generic over the tuple type rather than over its elements (a parameter pack) for what it
/// costs: a value of a pack's type asks the runtime for its tuple's metadata at every copy and
/// destruction, and views are copied often on their way into the graph. The elements are found
/// once per tuple type (`TupleElements`).
public struct TupleView<T>: View {
    public var value: T

    public init(_ value: T) {
        self.value = value
    }
}

extension TupleView: PrimitiveView {
    mutating func updateChildren(_ children: inout ChildList) {
        let elements = children.node.state { KeptTupleElements(TupleElements.of(T.self)) }.list
        withUnsafeMutablePointer(to: &value) { pointer in
            let base = UnsafeMutableRawPointer(pointer)
            for element in elements {
                Self.append(element.type, at: base + element.offset, to: &children)
            }
        }
    }

    /// Each element lent where it is (read as `pointee`, it was copied out first).
    private static func append<Element: View>(_: Element.Type, at pointer: UnsafeMutableRawPointer, to children: inout ChildList) {
        children.append(lending: &pointer.assumingMemoryBound(to: Element.self).pointee)
    }
}

/// A tuple type's elements, kept by each of its nodes: taken from the process-wide cache (a
/// lock and a hashed lookup) once per node rather than at every update. Not nested in the
/// generic `TupleView`, whose every nested type's metadata is looked up at run time.
private final class KeptTupleElements {
    let list: [(offset: Int, type: any View.Type)]
    init(_ list: [(offset: Int, type: any View.Type)]) { self.list = list }
}
