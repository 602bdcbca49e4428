@testable import LoomGraph
import Testing

// Rule 5 (and rule 3) as a table: each kind of field, compared by its rule.

private final class Reference {}
private struct POD { var a: Int; var b: Int8 }
private struct Mixed { var count: Int; var name: String }
private struct NotEquatable { var name: String }
private struct EquatableWithFields: Equatable { let id: Int; let note: String }
private enum Choice: Equatable { case one, two(String) }
private enum Choice2 { case one, two(Reference) }
private struct WithState: View {
    let title: String
    @State var counter = 0
    var body: some View { Text(title) }
}

private struct Case {
    let name: String
    let expected: Bool
    let compare: () -> Bool

    init<T>(_ name: String, _ lhs: T, _ rhs: T, equal: Bool) {
        self.name = name
        self.expected = equal
        self.compare = { ValueComparer.forType(T.self).equal(lhs, rhs) }
    }
}

private func cases() -> [Case] {
    let shared = Reference()
    let sameClosure: () -> Void = {}
    let state = Binding<Int>(location: StateBox(1, name: "x"))
    return [
    Case("Equatable equal: Int", 1, 1, equal: true),
    Case("Equatable different: String", "a", "b", equal: false),
    Case("Equatable uses ==, so NaN differs from itself", Double.nan, Double.nan, equal: false),
    Case("Equatable through a conditional conformance: [Int]", [1, 2], [1, 2], equal: true),
    Case("Optional of Equatable: nil and nil", Int?.none, Int?.none, equal: true),
    Case("Equatable enum with payload", Choice.two("x"), Choice.two("y"), equal: false),
    Case("closure: even the same closure differs", sameClosure, sameClosure, equal: false),
    Case("class: same object", shared, shared, equal: true),
    Case("class: different objects", Reference(), Reference(), equal: false),
    Case("POD struct: bitwise equal", POD(a: 1, b: 2), POD(a: 1, b: 2), equal: true),
    Case("POD struct: bitwise different", POD(a: 1, b: 2), POD(a: 1, b: 3), equal: false),
    Case("memberwise struct: equal", Mixed(count: 1, name: "a"), Mixed(count: 1, name: "a"), equal: true),
    Case("memberwise struct: one field differs", Mixed(count: 1, name: "a"), Mixed(count: 1, name: "b"), equal: false),
    Case("tuple: memberwise", (1, "a"), (1, "a"), equal: true),
    Case("Optional: both present, wrapped compared by its rule", NotEquatable?.some(.init(name: "a")), NotEquatable?.some(.init(name: "a")), equal: true),
    Case("Optional: present and absent", NotEquatable?.some(.init(name: "a")), nil, equal: false),
    Case("Optional of a class: same object", Optional(shared), Optional(shared), equal: true),
    Case("Optional of a closure", Optional(sameClosure), Optional(sameClosure), equal: false),
    Case("non-Equatable enum with payload cannot be compared", Choice2.two(shared), Choice2.two(shared), equal: false),
    Case("State: the value lives in the node", State(wrappedValue: 1), State(wrappedValue: 2), equal: true),
    Case("Binding: same location", state, state.projectedValue, equal: true),
    Case("Binding: closures are never the same location", Binding(get: { 1 }, set: { _ in }), Binding(get: { 1 }, set: { _ in }), equal: false),
    Case("Binding.constant: equal values", Binding.constant(3), Binding.constant(3), equal: true),
    Case("AnyView: same type, equal values", AnyView(Text("a")), AnyView(Text("a")), equal: true),
    Case("AnyView: different types", AnyView(Text("a")), AnyView(EmptyView()), equal: false),
    ]
}

@Suite("Rule 5 table: how each kind of field is compared")
struct ComparisonTable {
    @Test func eachKindOfFieldIsComparedByItsRule() {
        for row in cases() {
            #expect(row.compare() == row.expected, "\(row.name)")
        }
    }

    /// The comparers lend the two values on as `inout` accesses, which may not overlap: one
    /// value at one address compared with itself is read as it is, by the same rule (`==`, so
    /// a NaN still differs from itself; an input is the same input).
    @Test func aValueComparedWithItselfInPlaceFollowsTheSameRule() {
        var values: (Double, EquatableWithFields, State<Int>) = (.nan, EquatableWithFields(id: 1, note: "a"), State(wrappedValue: 1))
        withUnsafePointer(to: &values.0) { #expect(!ValueComparer.forType(Double.self).equal(UnsafeRawPointer($0), UnsafeRawPointer($0))) }
        withUnsafePointer(to: &values.1) { #expect(ValueComparer.forType(EquatableWithFields.self).equal(UnsafeRawPointer($0), UnsafeRawPointer($0))) }
        withUnsafePointer(to: &values.2) { #expect(ValueComparer.forType(State<Int>.self).equal(UnsafeRawPointer($0), UnsafeRawPointer($0))) }
    }

    @Test func changedFieldsAreNamedAsTheUserWroteThem() {
        let info = ViewTypeInfo.of(WithState.self)
        #expect(info.changedFields(WithState(title: "a"), WithState(title: "b")).names == ["title"])
        #expect(info.comparer.equal(WithState(title: "a", counter: 1), WithState(title: "a", counter: 2)))
        let equatable = ViewTypeInfo.of(EquatableWithFields.self)
        #expect(equatable.changedFields(EquatableWithFields(id: 1, note: "a"), EquatableWithFields(id: 2, note: "a")).names == ["id"],
                "an Equatable view's cause still names its fields")
    }
}
